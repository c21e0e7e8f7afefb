/**
 * The lead bot editor's draft as one state: the bot's fields (its questions in order), each
 * field's problem from the last save, and the version of the saved bot it was read at or saved
 * as. Every change the editor makes is an action of `botDraftReducer`. Pure: no I/O, no React.
 */
import { MAX_BOT_QUESTIONS, type QuestionField } from "~/domain/marketing/bot-terms";
import type { LeadBot } from "~/lib/api/marketing";

export interface QuestionDraft {
  text: string;
  field: QuestionField;
}

/** What the editor sends to be saved: the bot's fields as the API reads them. */
export interface BotFields {
  name: string;
  persona: string;
  greeting: string;
  handOff: string;
  questions: QuestionDraft[];
}

export interface BotDraftState {
  fields: BotFields;
  /** Each field's problem by its path ("name", "questions.2.text"), as the last save was refused. */
  errors: Record<string, string>;
  /** The saved bot's version the draft was read at or saved as (a save is made against it); null for a new bot. */
  version: string | null;
  /** The user chose to read the bot again after it changed elsewhere: the next read replaces the draft. */
  reloading: boolean;
}

/** A saved bot as the draft takes it. */
export type SavedBot = Pick<
  LeadBot,
  "name" | "persona" | "greeting" | "handOff" | "questions" | "updatedAt"
>;

/** What a new bot starts from. */
export const NEW_BOT: BotFields = {
  name: "",
  persona: "Friendly and brief, local to the area, never pushy.",
  greeting: "",
  handOff:
    "When every question is answered, thank them and say the investor will call within the hour.",
  questions: [
    { text: "Who am I speaking with?", field: "name" },
    { text: "What's the address of the property?", field: "address" },
    { text: "How soon would you like to sell?", field: "none" },
    { text: "What's the best number to reach you?", field: "phone" },
  ],
};

/** The draft of a saved bot, at its version; of a new one (null), the defaults. */
export function botDraft(bot: SavedBot | null): BotDraftState {
  if (!bot) return { fields: NEW_BOT, errors: {}, version: null, reloading: false };
  const { name, persona, greeting, handOff, questions } = bot;
  return {
    fields: { name, persona, greeting: greeting ?? "", handOff, questions },
    errors: {},
    version: bot.updatedAt,
    reloading: false,
  };
}

export type BotDraftAction =
  | { type: "set"; fields: Partial<Omit<BotFields, "questions">> }
  | { type: "edit-question"; index: number; change: Partial<QuestionDraft> }
  /** A blank question at the end, while there are fewer than the most a bot may ask. */
  | { type: "add-question" }
  /** Question `index` taken out; a bot keeps at least one. */
  | { type: "remove-question"; index: number }
  /** Question `index` moved up (-1) or down (1) one place. */
  | { type: "move-question"; index: number; by: -1 | 1 }
  /** A save refused: each field's problem (none when the refusal named no field). */
  | { type: "refused"; errors: Record<string, string> }
  /** The draft was saved: the bot is now at `version`. */
  | { type: "saved"; version: string }
  /** The bot changed elsewhere and the user chose to read it again. */
  | { type: "reload" }
  /** The bot as the page's loader read it: it replaces the draft only when a reload was asked. */
  | { type: "read"; bot: SavedBot };

function withQuestions(state: BotDraftState, questions: QuestionDraft[]): BotDraftState {
  return { ...state, fields: { ...state.fields, questions } };
}

export function botDraftReducer(state: BotDraftState, action: BotDraftAction): BotDraftState {
  const { questions } = state.fields;
  switch (action.type) {
    case "set":
      return { ...state, fields: { ...state.fields, ...action.fields } };
    case "edit-question":
      return withQuestions(
        state,
        questions.map((question, i) =>
          i === action.index ? { ...question, ...action.change } : question,
        ),
      );
    case "add-question":
      if (questions.length >= MAX_BOT_QUESTIONS) return state;
      return withQuestions(state, [...questions, { text: "", field: "none" }]);
    case "remove-question":
      if (questions.length <= 1) return state;
      return withQuestions(
        state,
        questions.filter((_, i) => i !== action.index),
      );
    case "move-question": {
      const to = action.index + action.by;
      const moved = questions[action.index];
      if (!moved || to < 0 || to >= questions.length) return state;
      const next = questions.filter((_, i) => i !== action.index);
      next.splice(to, 0, moved);
      return withQuestions(state, next);
    }
    case "refused":
      return { ...state, errors: action.errors };
    case "saved":
      return { ...state, errors: {}, version: action.version };
    case "reload":
      return { ...state, reloading: true };
    case "read":
      // Until the read brings the bot as it now is, the draft waits for the next one.
      if (!state.reloading || action.bot.updatedAt === state.version) return state;
      return botDraft(action.bot);
  }
}
