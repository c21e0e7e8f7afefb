/** A contact's page on the server: the contact, its projects, and the properties it owns. */
import { notFound, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** The properties of the contact's page: the first ones by address. */
const OWNED_SHOWN = 20;

export async function loadContact({ services }: ModuleLoaderArgs, id: string) {
  const [contact, owned] = await Promise.all([
    services.contactDetail(id),
    services.listProperties({
      ownerContactId: id,
      limit: String(OWNED_SHOWN),
      sort: "address",
      dir: "asc",
    }),
  ]);
  if (!contact) throw notFound();
  return { contact, owned: owned.page?.items ?? [] };
}
