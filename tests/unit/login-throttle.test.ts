import { describe, expect, it } from "vitest";
import { clientAddress, ipv6Prefix64 } from "../../worker/services/login-throttle";

const from = (address?: string) =>
  clientAddress(
    new Request("https://ai42.example/api/auth/login", {
      headers: address ? { "CF-Connecting-IP": address } : {},
    }),
  );

describe("where a sign-in attempt comes from", () => {
  it("is the IPv4 address as Cloudflare reports it", () => {
    expect(from("203.0.113.7")).toBe("203.0.113.7");
    expect(from()).toBe("unknown");
  });

  it("is the IPv6 /64, so rotating addresses inside one network earns no more guesses", () => {
    expect(from("2001:db8:85a3:0:1:2:3:4")).toBe("2001:db8:85a3:0::/64");
    expect(from("2001:db8:85a3::ffff")).toBe(from("2001:0db8:85a3:0000:aaaa::1"));
    expect(from("2001:db8:1::1")).not.toBe(from("2001:db8:2::1"));
  });

  it("expands :: wherever it stands", () => {
    expect(ipv6Prefix64("::1")).toBe("0:0:0:0");
    expect(ipv6Prefix64("fe80::")).toBe("fe80:0:0:0");
    expect(ipv6Prefix64("2001:DB8:0:0:8:800:200C:417A")).toBe("2001:db8:0:0");
  });
});
