import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseNumberLike } from "~/domain/format";
import { describeImport, humanIssueMessage, parseTyped } from "~/domain/validation";
import { ContactInputSchema, ProjectInputSchema, PropertyInputSchema } from "~/domain/workspace";

describe("parseNumberLike", () => {
  it("reads numbers as people paste them", () => {
    expect(parseNumberLike("$125,000")).toBe(125000);
    expect(parseNumberLike("125,000.50")).toBe(125000.5);
    expect(parseNumberLike("7.5%")).toBe(7.5);
    expect(parseNumberLike(" 3 ")).toBe(3);
    expect(parseNumberLike("-1,200")).toBe(-1200);
    expect(parseNumberLike("(1,200)")).toBe(-1200);
    expect(parseNumberLike("$ 1 250 000")).toBe(1250000);
    expect(parseNumberLike(".5")).toBe(0.5);
    expect(parseNumberLike("1,234,567")).toBe(1234567);
  });

  it("refuses what is not clearly a number instead of guessing", () => {
    for (const text of ["", "  ", "abc", "125k", "1,5", "12,34", "1.2.3", "$", "%", "1e5", "--3"]) {
      expect(parseNumberLike(text), text).toBeNull();
    }
  });
});

describe("plain-language messages", () => {
  const messageOf = (schema: z.ZodType, value: unknown) =>
    schema.safeParse(value).error!.issues[0]!.message;

  it("says what was typed and what was expected", () => {
    expect(messageOf(z.number(), "$125,000")).toBe("“$125,000” is not a number");
    expect(messageOf(z.number().int(), 2.5)).toBe("2.5 is not a whole number");
    expect(messageOf(z.string(), undefined)).toBe("Required");
    expect(messageOf(z.string().max(200), "x".repeat(201))).toBe("Use at most 200 characters");
    expect(messageOf(z.string().min(8), "short")).toBe("Use at least 8 characters");
    expect(messageOf(z.number().min(0), -5)).toBe("Use 0 or more");
    expect(messageOf(z.enum(["a", "b"]), "c")).toBe("“c” is not one of: a, b");
    expect(messageOf(z.email(), "nope")).toBe("Enter a valid e-mail address");
  });

  it("keeps the messages a schema sets itself, and says a limit is a limit", () => {
    expect(messageOf(ProjectInputSchema, {})).toBe("Give the project a name");
    expect(messageOf(ProjectInputSchema, { name: "   " })).toBe("Give the project a name");
    expect(messageOf(ProjectInputSchema, { name: "x".repeat(201) })).toBe(
      "Use at most 200 characters",
    );
  });

  it("gives a bad contact e-mail exactly one message", () => {
    const result = ContactInputSchema.safeParse({ firstName: "Ana", email: "ana@" });
    expect(result.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["email", "Enter a valid e-mail address"],
    ]);
  });

  it("leaves issues it has no words for to zod", () => {
    expect(humanIssueMessage({ code: "custom", input: 1, path: [] } as never)).toBeUndefined();
  });
});

describe("parseTyped (imports and forms)", () => {
  it("reads the schema's number fields as numbers, and only those", () => {
    const result = parseTyped(PropertyInputSchema, {
      address: "12 Oak St",
      zip: "02134",
      listPrice: "$189,900",
      baths: " 1.5 ",
      beds: "",
    });
    expect(result.data).toMatchObject({
      zip: "02134",
      listPrice: 189900,
      baths: 1.5,
      beds: null,
    });
  });

  it("refuses what is not a number in the user's words", () => {
    const result = parseTyped(ProjectInputSchema, { name: "Flip", budget: "about 40k" });
    expect(result.error!.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["budget", "“about 40k” is not a number"],
    ]);
  });
});

describe("describeImport", () => {
  it("counts new, already-here and invalid rows and names the first problems", () => {
    const failure = (index: number, field: string, message: string) => ({
      index,
      errors: [{ field, message }],
    });
    expect(
      describeImport({
        created: 12,
        updated: 0,
        skipped: 5,
        failed: [failure(6, "listPrice", "“$12x” is not a number")],
      }),
    ).toBe("12 new, 5 already here, 1 invalid (row 7, listPrice: “$12x” is not a number)");
    expect(
      describeImport(
        {
          created: 0,
          updated: 2,
          skipped: 0,
          failed: [
            failure(0, "listPrice", "“a” is not a number"),
            failure(3, "address", "Address is required"),
            failure(9, "beds", "“b” is not a number"),
          ],
        },
        (field) => (field === "listPrice" ? "Price" : field),
      ),
    ).toBe(
      "0 new, 2 already here, 3 invalid (row 1, Price: “a” is not a number; row 4, address: Address is required; 1 more)",
    );
  });
});
