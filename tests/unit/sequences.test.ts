/**
 * A follow-up sequence's e-mail as Gmail's `raw` carries it (app/domain/marketing/sequences.ts):
 * headers that nothing in a lead's data can add to, a long non-ASCII subject in encoded-words of
 * at most 75 characters, a body in base64 lines, and the template's placeholders filled; and
 * whether a lead may be e-mailed at all.
 */
import { describe, expect, it } from "vitest";
import {
  base64Url,
  sequenceBlock,
  sequenceBlockedText,
  stepBlock,
  emailStepCount,
  fillTemplate,
  rfc2822,
} from "~/domain/marketing/sequences";

const decodeWords = (header: string) =>
  [...header.matchAll(/=\?UTF-8\?B\?([^?]+)\?=/g)]
    .map((match) =>
      new TextDecoder().decode(Uint8Array.from(atob(match[1]!), (c) => c.charCodeAt(0))),
    )
    .join("");

describe("the raw message", () => {
  it("a plain subject, a reply's threading headers and a base64 body", () => {
    const raw = rfc2822({
      to: "maria@example.com",
      subject: "Your house on Oak St",
      body: "Hi Maria,\nStill thinking of selling?",
      references: ["<a@mail.gmail.com>", "<b@mail.gmail.com>"],
    });
    const [head, body] = raw.split("\r\n\r\n");
    expect(head!.split("\r\n")).toEqual([
      "To: maria@example.com",
      "Subject: Your house on Oak St",
      "MIME-Version: 1.0",
      'Content-Type: text/plain; charset="UTF-8"',
      "Content-Transfer-Encoding: base64",
      "In-Reply-To: <b@mail.gmail.com>",
      "References: <a@mail.gmail.com> <b@mail.gmail.com>",
    ]);
    expect(atob(body!.replace(/\r\n/g, ""))).toBe("Hi Maria,\r\nStill thinking of selling?");
  });

  it("a subject with a line break or accents cannot start a header; encoded-words stay within 75", () => {
    const subject =
      "Olá José — sua casa na Rua das Flores, 123, ainda está à venda?\r\nBcc: x@evil.test";
    const raw = rfc2822({ to: "jose@example.com", subject, body: "Oi" });
    const head = raw.split("\r\n\r\n")[0]!;
    expect(head).not.toMatch(/^Bcc:/m);
    const subjectHeader = /^Subject: ([\s\S]*?)\r\nMIME-Version/m.exec(head)![1]!;
    for (const word of subjectHeader.split("\r\n ")) expect(word.length).toBeLessThanOrEqual(75);
    expect(decodeWords(subjectHeader)).toBe(subject);
  });

  it("refuses an address with a line break", () => {
    expect(() =>
      rfc2822({ to: "a@example.com\r\nBcc: x@evil.test", subject: "Hi", body: "" }),
    ).toThrow(/line break/);
  });

  it("base64url has no padding and no + or /", () => {
    expect(base64Url("subjects?>>")).toBe("c3ViamVjdHM_Pj4");
  });
});

it("fills the template's placeholders from the lead and the sender", () => {
  const lead = { firstName: "Maria", lastName: "Lopez", address: "12 Oak St" };
  expect(
    fillTemplate(
      "Hi {{first_name}}, about {{address}} — {{sender_name}}",
      lead as never,
      "Ana Silva",
    ),
  ).toBe("Hi Maria, about 12 Oak St — Ana Silva");
});

describe("whether a sequence may reach a lead", () => {
  const lead = {
    email: "dana@example.com",
    consentEmail: true,
    doNotContact: false,
    litigator: false,
    deceased: false,
    doNotMail: false,
  };
  const steps = [{ action: "email" }, { action: "call" }, { action: "email" }] as const;

  it("an e-mail needs an address first, then the lead's consent, and says so with the e-mail steps", () => {
    expect(stepBlock({ ...lead, email: null }, "email")).toBe("no_email");
    expect(stepBlock({ ...lead, email: null, consentEmail: false }, "email")).toBe("no_email");
    expect(stepBlock({ ...lead, consentEmail: false }, "email")).toBe("no_consent");
    expect(stepBlock({ ...lead, consentEmail: false }, "call")).toBeNull();
    expect(stepBlock(lead, "email")).toBeNull();
    expect(emailStepCount(steps)).toBe(2);
    expect(sequenceBlockedText("Dana Reyes", "no_consent", steps)).toBe(
      "Dana Reyes has not agreed to e-mail: this sequence's 2 e-mail steps would not be sent",
    );
    expect(sequenceBlockedText("Sam Ortiz", "no_email", [{ action: "email" }])).toBe(
      "Sam Ortiz has no e-mail address: this sequence's e-mail step would not be sent",
    );
  });

  it("nothing reaches a lead flagged do not contact, a litigator or deceased; no letter one flagged do not mail", () => {
    expect(sequenceBlock({ ...lead, deceased: true }, [{ action: "task" }])).toBe("deceased");
    expect(sequenceBlock({ ...lead, litigator: true }, [{ action: "call" }])).toBe("litigator");
    expect(sequenceBlock({ ...lead, doNotContact: true }, steps)).toBe("do_not_contact");
    expect(sequenceBlock({ ...lead, doNotMail: true }, steps)).toBeNull();
    expect(sequenceBlock({ ...lead, doNotMail: true }, [{ action: "letter" }])).toBe("do_not_mail");
    expect(sequenceBlockedText("Tyrone Baskerville", "deceased", steps)).toBe(
      "Tyrone Baskerville is flagged deceased: no sequence starts on them",
    );
    expect(
      sequenceBlockedText("Ann Lee", "do_not_mail", [{ action: "letter" }, { action: "letter" }]),
    ).toBe("Ann Lee is flagged do not mail: this sequence's 2 letter steps would not be done");
  });
});
