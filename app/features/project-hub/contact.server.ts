/** A contact's page on the server: the contact, its projects, the properties it owns, its files. */
import { notFound, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** The properties of the contact's page: the first ones by address. */
const OWNED_SHOWN = 20;

export async function loadContact({ services }: ModuleLoaderArgs, id: string) {
  const [contact, owned, files] = await Promise.all([
    services.contactDetail(id),
    services.listProperties({
      ownerContactId: id,
      limit: String(OWNED_SHOWN),
      sort: "address",
      dir: "asc",
    }),
    services.recordFiles("contact", id),
  ]);
  if (!contact) throw notFound();
  return { contact, owned: owned.page?.items ?? [], files };
}
