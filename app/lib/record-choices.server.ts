/**
 * The record picker's reads on the server, for its route (/records/<kind>): the first matches
 * for `q`, through the kind's list as `GET /api/…` reads its query (the same schema, the same FTS
 * search), or, with `id`, the name of one of the user's records. What cannot be read is data the
 * picker shows (a 400, another user's or a missing record's 404), never the page's error.
 */
import { formatAddress } from "~/domain/format";
import { contactName, id as IdSchema } from "~/domain/workspace";
import type { PageServices } from "../../worker/page-services";
import type { ModuleLoaderArgs } from "./module-loader.server";
import { refusedForm } from "./record-action.server";
import {
  PICKED_KINDS,
  PICKER_MATCHES,
  type PickedKind,
  type RecordMatches,
  type RecordOption,
} from "./record-choices";

type Query = Record<string, string>;
/** A record of the list or the record's page: what the name is made of, and its id. */
type Named<T> = NoInfer<T> & { id: string };

/** How a kind of record is searched, and named by id. */
interface Kind {
  /** The matches, or why the query cannot be read (the API's 400). */
  search: (services: PageServices, query: Query) => Promise<RecordMatches | string>;
  /** The record as an option; null when the user has none by that id. */
  find: (services: PageServices, id: string) => Promise<RecordOption | null>;
  /** What a 404 says: "Property not found", as the API's. */
  what: string;
}

/** A kind whose list and record are read by `list` and `get`, each named by `name`. */
function kindOf<T>(
  what: string,
  list: (
    services: PageServices,
    query: Query,
  ) => Promise<{
    problem: string | null;
    page: { items: Named<T>[]; meta: { total: number } } | null;
  }>,
  get: (services: PageServices, id: string) => Promise<Named<T> | null>,
  name: (record: T) => string,
): Kind {
  const option = (record: Named<T>): RecordOption => ({ id: record.id, label: name(record) });
  return {
    what,
    search: async (services, query) => {
      const { problem, page } = await list(services, query);
      return page ? { items: page.items.map(option), total: page.meta.total } : (problem ?? "");
    },
    find: async (services, id) => {
      const record = await get(services, id);
      return record && option(record);
    },
  };
}

const KINDS: Record<PickedKind, Kind> = {
  // By address, as a list of addresses is read.
  property: kindOf(
    "Property",
    (services, query) => services.listProperties({ ...query, sort: "address", dir: "asc" }),
    (services, id) => services.propertyDetail(id),
    formatAddress,
  ),
  project: kindOf(
    "Project",
    (services, query) => services.listProjects(query),
    (services, id) => services.projectDetail(id),
    (project: { name: string }) => project.name,
  ),
  contact: kindOf(
    "Contact",
    (services, query) => services.listContacts(query),
    (services, id) => services.contactDetail(id),
    contactName,
  ),
  analysis: kindOf(
    "Analysis",
    (services, query) => services.listDeals(query),
    (services, id) => services.dealDetail(id),
    (deal: { name: string }) => deal.name,
  ),
};

const isPicked = (kind: string | undefined): kind is PickedKind =>
  (PICKED_KINDS as readonly (string | undefined)[]).includes(kind);

/**
 * `/records/<kind>?q=` (with the list's own filters, `propertyId` for analyses): the first
 * PICKER_MATCHES and how many match; `?id=`: that record's name.
 */
export async function loadRecordChoices({ services, url }: ModuleLoaderArgs, name?: string) {
  if (!isPicked(name))
    return refusedForm(
      `There are no records “${String(name)}” to link: the kinds are ${PICKED_KINDS.join(", ")}`,
    );
  const kind = KINDS[name];
  const { id, ...query } = Object.fromEntries(url.searchParams);
  if (id !== undefined) {
    if (!IdSchema.safeParse(id).success)
      return refusedForm("`id` names a record by 1 to 64 characters");
    const record = await kind.find(services, id);
    return record ?? refusedForm(`${kind.what} not found`, 404);
  }
  const found = await kind.search(services, {
    ...query,
    page: "1",
    limit: String(PICKER_MATCHES),
  });
  return typeof found === "string" ? refusedForm(found) : found;
}
