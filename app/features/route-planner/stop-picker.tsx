/**
 * Adding stops: the day's auctions and calendar events with a place, the properties and the
 * contacts with an address (searchable), or any typed address.
 */
import { CalendarDays, Contact, Gavel, Home, MapPin, Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Modal } from "~/components/ui";
import { formatDate } from "~/domain/format";
import type { StopSource } from "~/domain/routing/route";
import type { StopCandidate } from "~/lib/api/routes";
import { MESSAGES } from "~/lib/api/messages";
import { useResourceRead } from "~/lib/use-resource-read";
import type { loader } from "~/routes/route-planner.candidates";
import { SearchBox } from "../shared";
import { windowText } from "./draft";
import { stopCandidatesPath } from "./planner-reads";

const GROUPS: { source: StopSource; title: (day: string) => string; icon: typeof Home }[] = [
  { source: "auction", title: (day) => `Auctions on ${day}`, icon: Gavel },
  { source: "event", title: (day) => `Calendar events on ${day}`, icon: CalendarDays },
  { source: "property", title: () => "Properties", icon: Home },
  { source: "contact", title: () => "Contacts", icon: Contact },
];

/** Waited after a keystroke in the search before asking. */
const SEARCH_DELAY_MS = 250;

export function StopPicker(props: {
  open: boolean;
  date: string;
  /** The zone the day and the times are read in. */
  timeZone: string;
  /** Ids of the stops already on the route (`source-sourceId`). */
  added: ReadonlySet<string>;
  /** Said under the address box when there is no geocoder. */
  addressHint: string | null;
  onAdd: (candidate: StopCandidate) => void;
  onAddAddress: (address: string) => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState("");
  const q = search.trim();
  const [address, setAddress] = useState("");
  const read = useResourceRead<typeof loader>(
    props.open ? stopCandidatesPath(props.date, q, props.timeZone) : null,
    q ? SEARCH_DELAY_MS : 0,
  );
  const { answer } = read;
  const candidates = answer && "candidates" in answer ? answer.candidates : undefined;
  const failure =
    answer && "message" in answer ? `${MESSAGES.fetchStopCandidates}: ${answer.message}` : "";

  const addAddress = (event: FormEvent) => {
    event.preventDefault();
    const typed = address.trim();
    if (typed.length < 3) return;
    props.onAddAddress(typed);
    setAddress("");
  };

  const day = formatDate(props.date);
  return (
    <Modal open={props.open} title="Add stops" onClose={props.onClose} wide>
      <form onSubmit={addAddress} className="mb-5">
        <label htmlFor="route-stop-address" className="mb-1.5 block text-sm font-medium">
          Type an address
        </label>
        <div className="flex gap-2">
          <input
            id="route-stop-address"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            placeholder="1600 W Washington St, Phoenix, AZ"
            minLength={3}
            autoComplete="street-address"
            className="input"
          />
          <button
            type="submit"
            className="btn-primary shrink-0"
            disabled={address.trim().length < 3}
          >
            <Plus aria-hidden className="mr-1 size-4" /> Add address
          </button>
        </div>
        {props.addressHint && <p className="mt-1.5 text-sm text-muted">{props.addressHint}</p>}
      </form>

      <SearchBox
        label="Search properties and contacts"
        placeholder="Search properties and contacts…"
        value={search}
        onChange={setSearch}
      />
      {failure && (
        <div
          role="alert"
          className="mt-3 flex items-center justify-between gap-3 text-sm text-danger"
        >
          {failure}
          <button type="button" className="btn-secondary" onClick={read.retry}>
            Try again
          </button>
        </div>
      )}
      <div
        className="mt-4 max-h-[50vh] space-y-5 overflow-y-auto pr-1"
        aria-busy={!candidates && !failure}
      >
        {!candidates && !failure && <p className="text-sm text-muted">Loading stops…</p>}
        {candidates?.length === 0 && !read.loading && (
          <p className="text-sm text-muted">
            {q
              ? `Nothing matches “${q}”.`
              : `Nothing to add for ${day} yet: properties, auctions on that day, contacts with an address and calendar events with a location show here. Or type an address above.`}
          </p>
        )}
        {candidates &&
          GROUPS.map((group) => {
            const items = candidates.filter((candidate) => candidate.source === group.source);
            if (items.length === 0) return null;
            const Icon = group.icon;
            return (
              <section key={group.source} aria-labelledby={`stop-group-${group.source}`}>
                <h3
                  id={`stop-group-${group.source}`}
                  className="mb-2 flex items-center gap-2 text-sm font-semibold text-muted"
                >
                  <Icon aria-hidden className="size-4" /> {group.title(day)}
                </h3>
                <ul className="divide-y divide-line rounded-xl border border-line">
                  {items.map((candidate) => {
                    const id = `${candidate.source}-${candidate.sourceId}`;
                    const added = props.added.has(id);
                    return (
                      <li key={id} className="flex items-center gap-3 p-3">
                        <div className="min-w-0 flex-1 text-sm">
                          <p className="font-medium break-words">{candidate.label}</p>
                          <p className="break-words text-muted">
                            {[candidate.detail, candidate.address].filter(Boolean).join(" · ")}
                          </p>
                          {candidate.window && (
                            <p className="text-muted">
                              {windowText(candidate.window, props.timeZone)}
                            </p>
                          )}
                          {candidate.lat === null && (
                            <p className="flex items-center gap-1 text-muted">
                              <MapPin aria-hidden className="size-3.5" /> Looked up when added
                            </p>
                          )}
                        </div>
                        <button
                          type="button"
                          disabled={added}
                          onClick={() => props.onAdd(candidate)}
                          aria-label={added ? `${candidate.label} added` : `Add ${candidate.label}`}
                          className="btn-secondary shrink-0 disabled:opacity-60"
                        >
                          {added ? "Added" : "Add"}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </section>
            );
          })}
      </div>
      <div className="mt-5 flex justify-end">
        <button type="button" className="btn-primary" onClick={props.onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}
