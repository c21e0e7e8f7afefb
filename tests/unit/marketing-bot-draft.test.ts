/**
 * The lead bot editor's draft as one state: a new bot's defaults and a saved bot's fields, each
 * change the editor makes to the questions (within the bounds a bot keeps), a save's refusal and
 * its new version, and a Reload that waits for the bot as it now is.
 */
import { describe, expect, it } from "vitest";
import { MAX_BOT_QUESTIONS } from "~/domain/marketing/bot-terms";
import {
  botDraft,
  botDraftReducer,
  NEW_BOT,
  type BotDraftAction,
  type BotDraftState,
  type SavedBot,
} from "~/features/marketing/bot-draft";

const saved = (updatedAt: string, name = "Sam"): SavedBot => ({
  name,
  persona: "Brief",
  greeting: null,
  handOff: "Say the investor will call",
  questions: [
    { text: "Who am I speaking with?", field: "name" },
    { text: "Where is the property?", field: "address" },
    { text: "How soon?", field: "none" },
  ],
  updatedAt,
});

const run = (state: BotDraftState, ...actions: BotDraftAction[]) =>
  actions.reduce(botDraftReducer, state);
const texts = (state: BotDraftState) => state.fields.questions.map((question) => question.text);

describe("the draft a bot's editor starts from", () => {
  it("is the defaults for a new bot, with no version", () => {
    expect(botDraft(null)).toEqual({
      fields: NEW_BOT,
      errors: {},
      version: null,
      reloading: false,
    });
  });

  it("is a saved bot's fields at its version, a missing first line as empty", () => {
    const state = botDraft(saved("v1"));
    expect(state.fields).toMatchObject({
      name: "Sam",
      greeting: "",
      handOff: "Say the investor will call",
    });
    expect(state.version).toBe("v1");
  });
});

describe("the editor's changes", () => {
  it("set the bot's fields and a question's text or what its answer fills", () => {
    const state = run(
      botDraft(saved("v1")),
      { type: "set", fields: { name: "Samantha", greeting: "Hi!" } },
      { type: "edit-question", index: 1, change: { text: "What's the address?" } },
      { type: "edit-question", index: 2, change: { field: "phone" } },
    );
    expect(state.fields).toMatchObject({ name: "Samantha", greeting: "Hi!", persona: "Brief" });
    expect(state.fields.questions.slice(1)).toEqual([
      { text: "What's the address?", field: "address" },
      { text: "How soon?", field: "phone" },
    ]);
  });

  it("move a question up or down one place, never past either end", () => {
    const start = botDraft(saved("v1"));
    const up = run(start, { type: "move-question", index: 2, by: -1 });
    expect(texts(up)).toEqual(["Who am I speaking with?", "How soon?", "Where is the property?"]);
    const down = run(start, { type: "move-question", index: 0, by: 1 });
    expect(texts(down)).toEqual(["Where is the property?", "Who am I speaking with?", "How soon?"]);
    expect(run(start, { type: "move-question", index: 0, by: -1 })).toBe(start);
    expect(run(start, { type: "move-question", index: 2, by: 1 })).toBe(start);
  });

  it("add a blank question at the end, up to the most a bot may ask", () => {
    const added = run(botDraft(saved("v1")), { type: "add-question" });
    expect(added.fields.questions.at(-1)).toEqual({ text: "", field: "none" });
    const full = run(
      added,
      ...Array.from({ length: MAX_BOT_QUESTIONS }, (): BotDraftAction => ({
        type: "add-question",
      })),
    );
    expect(full.fields.questions).toHaveLength(MAX_BOT_QUESTIONS);
  });

  it("remove a question, keeping the last one", () => {
    const state = run(botDraft(saved("v1")), { type: "remove-question", index: 1 });
    expect(texts(state)).toEqual(["Who am I speaking with?", "How soon?"]);
    const one = run(
      state,
      { type: "remove-question", index: 0 },
      { type: "remove-question", index: 0 },
    );
    expect(texts(one)).toEqual(["How soon?"]);
  });
});

describe("a save", () => {
  it("refused shows each field's problem; saved clears them and moves to the new version", () => {
    const errors = { name: "Give the bot a name", "questions.1.text": "Write the question" };
    const refused = run(botDraft(saved("v1")), { type: "refused", errors });
    expect(refused.errors).toEqual(errors);
    const done = run(refused, { type: "saved", version: "v2" });
    expect(done).toMatchObject({ errors: {}, version: "v2" });
    expect(done.fields).toBe(refused.fields);
  });
});

describe("a read of the page's loader", () => {
  it("keeps the draft being edited when no reload was asked", () => {
    const editing = run(botDraft(saved("v1")), { type: "set", fields: { name: "Edited" } });
    expect(run(editing, { type: "read", bot: saved("v2", "Changed elsewhere") })).toBe(editing);
  });

  it("after Reload, waits for the bot as it now is and replaces the edit with it", () => {
    const reloading = run(
      botDraft(saved("v1")),
      { type: "set", fields: { name: "Edited" } },
      { type: "refused", errors: { persona: "Describe who the bot is" } },
      { type: "reload" },
    );
    // The page's own read of the version the draft holds: still waiting.
    expect(run(reloading, { type: "read", bot: saved("v1") })).toBe(reloading);
    const reloaded = run(reloading, { type: "read", bot: saved("v2", "Changed elsewhere") });
    expect(reloaded).toEqual(botDraft(saved("v2", "Changed elsewhere")));
    expect(reloaded.reloading).toBe(false);
  });
});
