/**
 * A saved conversation's page on the server: the conversation with its messages (the chat opens
 * it), and the changes made to it from the chat (its title, its deletion), checked with the API's
 * own schema (in the services).
 */
import { redirect } from "@remix-run/cloudflare";
import { conversationPath, modulePath } from "~/domain/modules";
import type { Conversation } from "~/lib/api/ai";
import { notFound, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import { deletedAnswer, postedBody, refusedAnswer, refusedForm } from "~/lib/record-action.server";

/** What a conversation's action answers the chat: the conversation renamed, or gone. */
export type ConversationActionAnswer = { renamed: Conversation } | { deleted: true };

export async function loadConversation({ services }: ModuleLoaderArgs, id: string) {
  const conversation = await services.conversationDetail(id);
  if (!conversation) throw notFound();
  return { conversation };
}

/**
 * A change of conversation `id`, as JSON from the chat (or a form): `intent` "rename" (`title`)
 * or "delete". Deleting the conversation the page shows names the list to go back to (`back`,
 * with its search), and the page goes there; a form posted without JavaScript is sent back to
 * the page (or the list). Otherwise the chat is answered with what happened.
 */
export async function actOnConversation(
  { services }: ModuleLoaderArgs,
  id: string,
  request: Request,
  sent: { document: boolean },
) {
  const body = (await postedBody(request)).form;
  const list = modulePath("main-agent");
  if (body.intent === "rename") {
    const { done, refused } = await services.renameConversation(id, { title: body.title });
    if (refused) return refusedAnswer(refused);
    if (sent.document) throw redirect(conversationPath(id), 303);
    return { renamed: done } satisfies ConversationActionAnswer;
  }
  if (body.intent !== "delete")
    return refusedForm(`There is no change “${String(body.intent)}” of a conversation`);
  const { refused } = await services.deleteConversation(id);
  return deletedAnswer(refused, list, { ...sent, back: body.back });
}
