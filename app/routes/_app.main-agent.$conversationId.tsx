/** A saved conversation in the chat: read by its loader, renamed and deleted through its action. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { actOnConversation, loadConversation } from "~/features/main-agent/conversation.server";
import { MainAgentScreen } from "~/features/main-agent/main-agent";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadConversation(args, params.conversationId!) : null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return actOnConversation(args, params.conversationId!, request, {
    document: context.documentRequest,
  });
}

/**
 * Read again for another conversation, or after a change made through an action (its title); the
 * chat keeps the messages it shows itself, so an answer saved reads only the list again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}) =>
  (currentParams.conversationId !== nextParams.conversationId || formMethod !== undefined) &&
  defaultShouldRevalidate;

/** The conversation's title as the page's; the workspace's when there is none to name. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titled(matches, data ? data.conversation.title : null);

// The same screen as the index's, so moving between conversations keeps the chat as it is.
export default MainAgentScreen;

export const ErrorBoundary = WorkspaceErrorBoundary;
