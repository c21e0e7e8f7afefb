/**
 * What a user types, as the MATCH expression of the search indexes (worker/db/search.ts): the
 * user's rows, every word a prefix within the list's columns, and nothing typed an operator.
 * tests/worker/search.test.ts runs these against SQLite.
 */
import { describe, expect, it } from "vitest";
import { contacts, properties } from "../../worker/db/schema";
import { matchExpression, MAX_SEARCH_WORDS, searchWords } from "../../worker/db/search";

const USER = "5f0c6d7e-1111-4222-8333-944445555666";

describe("searchWords", () => {
  it("cuts at spaces, keeping the pieces that hold a letter or a digit", () => {
    expect(searchWords("  12  Main\tst. ")).toEqual(["12", "Main", "st."]);
    expect(searchWords("o'brien 555-0147 % - * 🏠")).toEqual(["o'brien", "555-0147"]);
    expect(searchWords("José")).toEqual(["José"]);
    expect(searchWords('% - "')).toEqual([]);
  });

  it("takes a control character for a space and reads at most MAX_SEARCH_WORDS words", () => {
    expect(searchWords("main\u0000oak\u0007elm")).toEqual(["main", "oak", "elm"]);
    const many = Array.from({ length: MAX_SEARCH_WORDS + 5 }, (_, i) => `w${i}`);
    expect(searchWords(many.join(" "))).toEqual(many.slice(0, MAX_SEARCH_WORDS));
  });
});

describe("matchExpression", () => {
  it("asks for the user's rows, each word the beginning of a word in the columns given", () => {
    expect(matchExpression(USER, ["12", "main"], [properties.address, properties.city])).toBe(
      'user_key : "5f0c6d7e111142228333944445555666" AND {address city} : ("12"* AND "main"*)',
    );
  });

  it("quotes every word, its own double quotes doubled, so no operator survives", () => {
    const words = ['"a" OR "b"', "NEAR(x", "first_name:*", "^AND"];
    expect(matchExpression(USER, words, [contacts.firstName])).toBe(
      `user_key : "5f0c6d7e111142228333944445555666" AND {first_name} : (` +
        `"""a"" OR ""b"""* AND "NEAR(x"* AND "first_name:*"* AND "^AND"*)`,
    );
  });
});
