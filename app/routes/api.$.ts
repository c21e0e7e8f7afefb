/**
 * Only for `npm run dev` (vite): the Worker entry is not used there, so /api/* is forwarded to the
 * Hono app. In production the Worker routes /api before Remix ever sees it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { api } from "../../worker/api/app";

const forward = ({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) =>
  api.fetch(request, context.cloudflare.env, context.cloudflare.ctx as ExecutionContext);

export const loader = forward;
export const action = forward;
