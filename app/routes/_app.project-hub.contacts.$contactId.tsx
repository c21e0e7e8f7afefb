/** A contact's page: read by its loader, changed and deleted (and a new one made) by its action. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { contactName } from "~/domain/workspace";
import { actOnContact, loadContact } from "~/features/project-hub/contact.server";
import { ContactPage } from "~/features/project-hub/contact-page";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadContact(args, params.contactId!) : null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return actOnContact(args, params.contactId!, request, { document: context.documentRequest });
}

/** The contact's name as the title; the workspace's when there is no contact to name. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titled(matches, data ? contactName(data.contact) : null);

export default function ContactRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <ContactPage key={loaded.contact.id} {...loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
