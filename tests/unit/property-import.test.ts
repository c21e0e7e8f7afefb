import { describe, expect, it } from "vitest";
import { normalizeAddress, propertyDedupeKey } from "~/domain/workspace";

describe("address matching", () => {
  it("treats spelling variants of one address as the same property", () => {
    expect(
      normalizeAddress({ address: "12 Oak Street, Apt. 4", city: "Dayton", zip: "45402-1234" }),
    ).toBe("12 oak st apt 4 dayton 45402");
    expect(propertyDedupeKey({ address: "12 OAK ST apt 4", city: "dayton", zip: "45402" })).toBe(
      propertyDedupeKey({ address: "12 Oak Street, Apartment 4", city: "Dayton", zip: "45402" }),
    );
    expect(propertyDedupeKey({ address: "12 Oak St", externalId: " MLS-9 " })).toBe("ext:mls-9");
  });
});
