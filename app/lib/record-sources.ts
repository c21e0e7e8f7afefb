/**
 * The records a form links to, as the record picker searches and names them: through each list
 * endpoint's server-side `q`, so every record can be found, not only a first page.
 */
import { PICKER_MATCHES, type RecordSource } from "~/components/record-picker";
import { formatAddress } from "~/domain/format";
import { contactName } from "~/domain/workspace";
import { dealsApi } from "./api/deals";
import { contactsApi, projectsApi, propertiesApi, type Page } from "./api/workspace";

function sourceOf<T extends { id: string }>(
  list: (q: string) => Promise<Page<T>>,
  get: (id: string) => Promise<T>,
  name: (record: T) => string,
  /** Records not to offer (a project's contacts already linked). */
  except: ReadonlySet<string> = new Set(),
): RecordSource {
  const option = (record: T) => ({ id: record.id, label: name(record) });
  return {
    search: async (q) => {
      const { items, meta } = await list(q);
      const offered = items.filter((record) => !except.has(record.id));
      return { items: offered.map(option), total: meta.total - (items.length - offered.length) };
    },
    find: async (id) => option(await get(id)),
  };
}

export const PROPERTY_SOURCE = sourceOf(
  (q) => propertiesApi.list({ q, limit: PICKER_MATCHES, sort: "address", dir: "asc" }),
  propertiesApi.get,
  formatAddress,
);

export const PROJECT_SOURCE = sourceOf(
  (q) => projectsApi.list({ q, limit: PICKER_MATCHES }),
  projectsApi.get,
  (project) => project.name,
);

export const contactSource = (except?: ReadonlySet<string>) =>
  sourceOf(
    (q) => contactsApi.list({ q, limit: PICKER_MATCHES }),
    contactsApi.get,
    contactName,
    except,
  );

export const CONTACT_SOURCE = contactSource();

/** Analyses, of one property when one is given. */
export const dealSource = (propertyId?: string) =>
  sourceOf(
    (q) => dealsApi.list({ q, propertyId: propertyId || undefined, limit: PICKER_MATCHES }),
    dealsApi.get,
    (deal) => deal.name,
  );
