import { describe, expect, it } from "vitest";
import { nextAfterSignIn } from "~/domain/access";
import {
  invitationStatus,
  invitationTokenIn,
  managerNeeded,
  memberChangeRefusal,
  type WorkspaceRole,
} from "~/domain/teams";

const as = (role: WorkspaceRole, userId = "actor") => ({ userId, role });

describe("who may change a member", () => {
  it("lets owners and admins change others, and no one else", () => {
    for (const role of ["owner", "admin"] as const) {
      expect(memberChangeRefusal(as(role), as("member", "t"), { role: "viewer" })).toBeNull();
      expect(memberChangeRefusal(as(role), as("viewer", "t"), "remove")).toBeNull();
    }
    for (const role of ["member", "viewer"] as const) {
      expect(memberChangeRefusal(as(role), as("viewer", "t"), { role: "viewer" })).toBe(
        `Changing a member takes an owner or an admin of the workspace: you are a ${role}`,
      );
      expect(memberChangeRefusal(as(role), as("viewer", "t"), "remove")).toMatch(
        /^Removing a member takes an owner or an admin/,
      );
    }
  });

  it("keeps owners an owner's: an admin neither changes, removes nor makes one", () => {
    expect(memberChangeRefusal(as("admin"), as("owner", "t"), {})).toBe(
      "Only an owner can change an owner",
    );
    expect(memberChangeRefusal(as("admin"), as("owner", "t"), "remove")).toBe(
      "Only an owner can remove an owner",
    );
    expect(memberChangeRefusal(as("admin"), as("member", "t"), { role: "owner" })).toBe(
      "Only an owner can make someone an owner",
    );
    expect(memberChangeRefusal(as("owner"), as("admin", "t"), { role: "owner" })).toBeNull();
    expect(memberChangeRefusal(as("owner"), as("owner", "t"), { role: "member" })).toBeNull();
  });

  it("lets anyone leave or step down, and no one raise their own role", () => {
    for (const role of ["owner", "admin", "member", "viewer"] as const)
      expect(memberChangeRefusal(as(role), as(role), "remove")).toBeNull();
    expect(memberChangeRefusal(as("owner"), as("owner"), { role: "viewer" })).toBeNull();
    expect(memberChangeRefusal(as("admin"), as("admin"), { role: "member" })).toBeNull();
    for (const [role, raised] of [
      ["admin", "owner"],
      ["member", "admin"],
      ["viewer", "member"],
    ] as const)
      expect(memberChangeRefusal(as(role), as(role), { role: raised })).toBe(
        "You can't raise your own role: an owner can",
      );
  });

  it("names what inviting takes", () => {
    expect(managerNeeded("admin", "Inviting people")).toBeNull();
    expect(managerNeeded("viewer", "Inviting people")).toBe(
      "Inviting people takes an owner or an admin of the workspace: you are a viewer",
    );
  });
});

describe("an invitation", () => {
  const at = "2026-11-10T12:00:00.000Z";
  const open = { acceptedAt: null, revokedAt: null, expiresAt: "2026-11-17T12:00:00.000Z" };

  it("is pending until accepted, revoked or past its expiry", () => {
    expect(invitationStatus(open, at)).toBe("pending");
    expect(invitationStatus({ ...open, expiresAt: at }, at)).toBe("expired");
    expect(invitationStatus({ ...open, revokedAt: at, expiresAt: at }, at)).toBe("revoked");
    expect(invitationStatus({ ...open, acceptedAt: at, revokedAt: at }, at)).toBe("accepted");
  });

  it("is what sign-in goes on to when its page sent the person there, never another address", () => {
    expect(invitationTokenIn("/invitations/abc_DEF-123")).toBe("abc_DEF-123");
    for (const path of [null, "/invitations/", "/invitations/a/b", "//evil.example/invitations/a"])
      expect(invitationTokenIn(path)).toBeNull();
    expect(nextAfterSignIn("?next=%2Finvitations%2Fabc")).toBe("/invitations/abc");
    expect(nextAfterSignIn("?next=%2Fhome")).toBeNull();
    expect(nextAfterSignIn("?next=https%3A%2F%2Fevil.example%2Finvitations%2Fabc")).toBeNull();
  });
});
