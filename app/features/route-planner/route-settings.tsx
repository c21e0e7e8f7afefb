/**
 * A route's name, departure (day and time), start and end. On a phone it folds away behind a line
 * that sums it up, open at first for a new route; wide screens always show it.
 */
import { useState, type Dispatch } from "react";
import type { Place, StartPlace, StartPlaces } from "~/domain/routing/route";
import { endPoint, formatClock, localInstant, type RouteDraft } from "./draft";
import type { DraftAction } from "./draft-reducer";
import { choiceOf, PlaceChooser, type PlaceChoice } from "./place-chooser";
import type { GeocodeOutcome } from "./use-geocoder";

const END_MODES = [
  { value: "start", label: "Back at the start" },
  { value: "last", label: "At the last stop" },
] as const;

/** "From Home, at 9:00 AM, back at the start" */
function summaryOf(draft: RouteDraft) {
  const end = endPoint(draft);
  return [
    draft.start ? `From ${draft.start.label}` : "No start yet",
    `at ${formatClock(localInstant(draft.date, draft.time, draft.timeZone), draft.timeZone)}`,
    draft.endMode === "start"
      ? "back at the start"
      : end
        ? `to ${end.label}`
        : "ending at the last stop",
  ].join(", ");
}

export function RouteSettings(props: {
  draft: RouteDraft;
  places: StartPlaces | null;
  geocode: (address: string) => Promise<GeocodeOutcome>;
  geocoderMissing: boolean;
  /** Which of the two a click on the map is placing. */
  pinning: "start" | "end" | null;
  wide: boolean;
  dispatch: Dispatch<DraftAction>;
  onPin: (kind: "start" | "end") => void;
  /** Remembers a start as home or office; whether it was. */
  onRemember: (name: StartPlace, place: Place) => Promise<boolean>;
}) {
  const { draft, places } = props;
  const [open, setOpen] = useState(draft.id === null);
  const [startChoice, setStartChoice] = useState<PlaceChoice>(() => choiceOf(draft.start, places));
  const [endChoice, setEndChoice] = useState<PlaceChoice>(() =>
    draft.endMode === "place" ? choiceOf(draft.end, places) : draft.endMode,
  );
  const summary = summaryOf(draft);

  const remember = async (name: StartPlace, place: Place) => {
    if (await props.onRemember(name, place)) setStartChoice(name);
  };

  return (
    <details
      open={props.wide || open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group mb-4 rounded-2xl border border-line bg-surface"
    >
      <summary
        className={`cursor-pointer list-none px-4 py-3 text-sm [&::-webkit-details-marker]:hidden ${props.wide ? "hidden" : ""}`}
      >
        <span className="font-medium">Start, departure and end</span>
        <span className="block text-muted group-open:hidden">{summary}</span>
      </summary>
      <section aria-label="Route settings" className="grid gap-4 p-4 pt-1 md:grid-cols-2 xl:pt-4">
        <div>
          <label htmlFor="route-name" className="mb-1.5 block text-sm font-medium">
            Route name
          </label>
          <input
            id="route-name"
            value={draft.name}
            maxLength={200}
            onChange={(event) =>
              props.dispatch({ type: "set", fields: { name: event.target.value } })
            }
            className="input"
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor="route-date" className="mb-1.5 block text-sm font-medium">
              Departure date
            </label>
            <input
              id="route-date"
              type="date"
              required
              value={draft.date}
              onChange={(event) => {
                const date = event.target.value;
                if (date) props.dispatch({ type: "date", date });
              }}
              className="input"
            />
          </div>
          <div>
            <label htmlFor="route-time" className="mb-1.5 block text-sm font-medium">
              Departure time
            </label>
            <input
              id="route-time"
              type="time"
              required
              value={draft.time}
              onChange={(event) => {
                const time = event.target.value;
                if (time) props.dispatch({ type: "set", fields: { time } });
              }}
              className="input"
            />
          </div>
        </div>
        <PlaceChooser
          id="route-start"
          label="Start from"
          choice={startChoice}
          place={draft.start}
          places={places}
          geocode={props.geocode}
          geocoderMissing={props.geocoderMissing}
          pinning={props.pinning === "start"}
          onChoice={(choice, place) => {
            setStartChoice(choice);
            if (place) props.dispatch({ type: "set", fields: { start: place } });
          }}
          onPlace={(place) => props.dispatch({ type: "set", fields: { start: place } })}
          onPin={() => props.onPin("start")}
          onRemember={(name, place) => void remember(name, place)}
        />
        <PlaceChooser
          id="route-end"
          label="End the day"
          choice={endChoice}
          modes={END_MODES}
          place={draft.end}
          places={places}
          geocode={props.geocode}
          geocoderMissing={props.geocoderMissing}
          pinning={props.pinning === "end"}
          onChoice={(choice, place) => {
            setEndChoice(choice);
            props.dispatch({
              type: "set",
              fields:
                choice === "start" || choice === "last"
                  ? { endMode: choice, end: null }
                  : { endMode: "place", end: place ?? null },
            });
          }}
          onPlace={(place) =>
            props.dispatch({ type: "set", fields: { endMode: "place", end: place } })
          }
          onPin={() => props.onPin("end")}
        />
      </section>
    </details>
  );
}
