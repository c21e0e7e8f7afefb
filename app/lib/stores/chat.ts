/**
 * The open Main Agent conversation: its messages, the provider and agent mode, and the turn in
 * flight. A store (not screen state) so the palette's New Chat, Clear Chat History and Export act
 * on the same conversation the screen shows. Provider and agent mode are remembered.
 */
import { createStore, useStore } from "zustand";
import { MESSAGES } from "../api/messages";
import { createJSONStorage, persist } from "zustand/middleware";
import { conversationTitle, type ChatMessage } from "~/domain/ai/chat-terms";
import type { AiProvider } from "~/domain/ai/providers";
import { aiApi, conversationsApi, type ConversationDetail, type Message } from "../api/ai";
import { STORAGE_KEYS } from "../api/messages";
import { ServiceError } from "../api/workspace";

export interface ChatItem {
  key: string;
  role: "user" | "assistant";
  content: string;
  /** `pending`: asked, nothing back yet; `error`: the turn failed (`error` says why). */
  status: "complete" | "stopped" | "streaming" | "pending" | "error";
  provider?: AiProvider | null;
  model?: string | null;
  toolCalls?: Message["toolCalls"];
  citations?: string[] | null;
  /** `configKey`: the setting to add when the provider is not configured (503 NOT_CONFIGURED). */
  error?: { title: string; message: string; configKey?: string };
}

export interface ChatState {
  conversationId: string | null;
  title: string;
  items: ChatItem[];
  provider: AiProvider;
  agentMode: boolean;
  busy: boolean;
  /** Bumped whenever the saved conversations change, so lists refetch. */
  revision: number;
  setProvider: (provider: AiProvider) => void;
  setAgentMode: (on: boolean) => void;
  newChat: () => void;
  open: (conversation: ConversationDetail) => void;
  /**
   * A turn resolves to whether the agent's tools wrote to the workspace: the screen that asked
   * then has the open page read its records again.
   */
  send: (text: string) => Promise<boolean>;
  regenerate: () => Promise<boolean>;
  editAndResend: (index: number, text: string) => Promise<boolean>;
  stop: () => void;
  clearHistory: () => Promise<number>;
  setTitle: (title: string) => void;
  changed: () => void;
}

let keys = 0;
const key = () => `m${(keys += 1)}`;
let controller: AbortController | null = null;
/**
 * Which turn the screen is showing. New Chat and opening a conversation move it on, so an answer
 * still arriving for the conversation left behind is dropped instead of landing in the new one.
 */
let turn = 0;

/** A saved message as the chat shows it. */
export const fromMessage = (message: Message): ChatItem => ({
  key: message.id,
  role: message.role,
  content: message.content,
  status: message.status,
  provider: message.provider,
  model: message.model,
  toolCalls: message.toolCalls,
  citations: message.citations,
});

/** What the provider is sent: the answered history, without failed turns. */
const historyOf = (items: ChatItem[]): ChatMessage[] =>
  items
    .filter((item) => item.status !== "error" && item.status !== "pending")
    .map((item) => ({ role: item.role, content: item.content }));

export const chatStore = createStore<ChatState>()(
  persist(
    (set, get) => {
      const replaceLast = (mine: number, patch: Partial<ChatItem>) => {
        if (mine !== turn) return;
        set((state) => ({
          items: state.items.map((item, index) =>
            index === state.items.length - 1 ? { ...item, ...patch } : item,
          ),
        }));
      };

      /** Asks for an answer to `kept` (which ends with the user's message); true if a tool wrote. */
      async function answer(kept: ChatItem[]) {
        const mine = ++turn;
        const { provider, agentMode, conversationId } = get();
        const keepId = (id: string) => {
          if (mine === turn && id) set({ conversationId: id });
        };
        const request = {
          messages: historyOf(kept),
          ...(conversationId ? { conversationId } : {}),
        };
        set({
          items: [...kept, { key: key(), role: "assistant", content: "", status: "pending" }],
          busy: true,
        });
        try {
          if (agentMode) {
            const reply = await aiApi.coordinate(request);
            keepId(reply.conversationId);
            replaceLast(mine, fromMessage(reply.message));
            return reply.message.toolCalls?.some((call) => call.wrote) ?? false;
          } else {
            controller = new AbortController();
            const result = await aiApi.stream(
              request,
              provider,
              (content, id) => {
                if (get().conversationId !== id) keepId(id);
                replaceLast(mine, { content, status: "streaming", provider });
              },
              controller.signal,
            );
            keepId(result.conversationId);
            replaceLast(mine, {
              content: result.text,
              model: result.model,
              citations: result.citations,
              status: result.stopped ? "stopped" : "complete",
            });
            return false;
          }
        } catch (error) {
          const failure =
            error instanceof ServiceError
              ? error.failure
              : { message: String(error), statusCode: 0, details: undefined };
          const configKey = (failure.details as { key?: string } | undefined)?.key;
          replaceLast(mine, {
            status: "error",
            error: {
              title: error instanceof Error ? error.message : MESSAGES.aiResponse,
              message: failure.message,
              configKey,
            },
          });
          return false;
        } finally {
          if (mine === turn) {
            controller = null;
            set({ busy: false });
          }
          get().changed();
        }
      }

      return {
        conversationId: null,
        title: "New conversation",
        items: [],
        provider: "openai",
        agentMode: false,
        busy: false,
        revision: 0,
        setProvider: (provider) => set({ provider }),
        setAgentMode: (agentMode) => set({ agentMode }),
        newChat: () => {
          turn += 1;
          controller?.abort();
          set({ conversationId: null, title: "New conversation", items: [], busy: false });
        },
        open: (conversation) => {
          turn += 1;
          controller?.abort();
          set({
            conversationId: conversation.id,
            title: conversation.title,
            items: conversation.messages.map(fromMessage),
            busy: false,
          });
        },
        send: async (text) => {
          const content = text.trim();
          if (!content || get().busy) return false;
          const kept = get().items.filter((item) => item.status !== "error");
          if (!get().conversationId && !kept.length) set({ title: conversationTitle(content) });
          return answer([...kept, { key: key(), role: "user", content, status: "complete" }]);
        },
        regenerate: async () => {
          if (get().busy) return false;
          const items = get().items;
          const lastUser = items.map((item) => item.role).lastIndexOf("user");
          if (lastUser === -1) return false;
          return answer(items.slice(0, lastUser + 1));
        },
        editAndResend: async (index, text) => {
          const content = text.trim();
          const items = get().items;
          if (!content || get().busy || items[index]?.role !== "user") return false;
          return answer([...items.slice(0, index), { ...items[index]!, key: key(), content }]);
        },
        stop: () => controller?.abort(),
        clearHistory: async () => {
          const { deleted } = await conversationsApi.removeAll();
          get().newChat();
          get().changed();
          return deleted;
        },
        setTitle: (title) => set({ title }),
        changed: () => set((state) => ({ revision: state.revision + 1 })),
      };
    },
    {
      name: STORAGE_KEYS.chatPreferences,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ provider: state.provider, agentMode: state.agentMode }),
      // Read after the first render (the chat screen calls rehydrate) so it matches the server's.
      skipHydration: true,
    },
  ),
);

export const useChat = <T>(select: (state: ChatState) => T) => useStore(chatStore, select);
