/**
 * Where the route starts, or where the day ends: a remembered place (home, office), a typed
 * address looked up through the geocoder, or a point pinned on the map. A typed start can be
 * remembered as home or office for the next route.
 */
import { MapPin, Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { Place, StartPlace, StartPlaces } from "~/domain/routing/route";
import type { GeocodeOutcome } from "./use-geocoder";

/** A remembered place, another address, or (for the end) a mode of the route. */
export type PlaceChoice = StartPlace | "address" | "start" | "last";

const PLACE_NAMES: Record<StartPlace, string> = { home: "Home", office: "Office" };

const samePlace = (a: Place | null, b: Place | null) =>
  Boolean(a && b && a.lat === b.lat && a.lng === b.lng && a.label === b.label);

/** The choice that shows `place`: a remembered one when it is that place, else an address. */
export function choiceOf(place: Place | null, places: StartPlaces | null): PlaceChoice {
  for (const name of ["home", "office"] as const) {
    if (samePlace(place, places?.[name] ?? null)) return name;
  }
  return "address";
}

export function PlaceChooser(props: {
  id: string;
  label: string;
  choice: PlaceChoice;
  /** Choices before the places: "Back at the start", "At the last stop". */
  modes?: readonly { value: "start" | "last"; label: string }[];
  place: Place | null;
  places: StartPlaces | null;
  geocode: (address: string) => Promise<GeocodeOutcome>;
  geocoderMissing: boolean;
  pinning: boolean;
  onChoice: (choice: PlaceChoice, place: Place | null) => void;
  onPlace: (place: Place) => void;
  onPin: () => void;
  /** Offered for a typed place: remember it as home or office. */
  onRemember?: (name: StartPlace, place: Place) => void;
}) {
  const [address, setAddress] = useState("");
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");

  const lookUp = async (event: FormEvent) => {
    event.preventDefault();
    const typed = address.trim();
    if (typed.length < 3) return;
    setBusy(true);
    setNote("");
    const outcome = await props.geocode(typed);
    setBusy(false);
    if (outcome.kind === "found") {
      props.onPlace({ label: typed, address: outcome.place.label, ...pick(outcome.place) });
      setAddress("");
    } else if (outcome.kind === "not-found")
      setNote("Address not found: try other words, or pin it on the map.");
    else if (outcome.kind === "no-geocoder") setNote("No geocoder: pin it on the map.");
    else setNote(outcome.message);
  };

  const remembered = (["home", "office"] as const).filter((name) => props.places?.[name]);
  const showPlace = props.choice !== "start" && props.choice !== "last";
  return (
    <div className="space-y-2">
      <label htmlFor={`${props.id}-choice`} className="block text-sm font-medium">
        {props.label}
      </label>
      <select
        id={`${props.id}-choice`}
        value={props.choice}
        onChange={(event) => {
          const choice = event.target.value as PlaceChoice;
          const place =
            choice === "home" || choice === "office" ? (props.places?.[choice] ?? null) : null;
          props.onChoice(choice, place);
        }}
        className="input"
      >
        {props.modes?.map((mode) => (
          <option key={mode.value} value={mode.value}>
            {mode.label}
          </option>
        ))}
        {remembered.map((name) => (
          <option key={name} value={name}>
            {PLACE_NAMES[name]}: {props.places![name]!.label}
          </option>
        ))}
        <option value="address">Another address</option>
      </select>
      {showPlace && props.choice === "address" && (
        <>
          {!props.geocoderMissing && (
            <form onSubmit={lookUp} className="flex gap-2">
              <input
                value={address}
                onChange={(event) => setAddress(event.target.value)}
                aria-label={`${props.label}: address`}
                placeholder="Type an address"
                autoComplete="street-address"
                className="input"
              />
              <button
                type="submit"
                disabled={busy || address.trim().length < 3}
                className="btn-secondary shrink-0 disabled:opacity-50"
              >
                <Search aria-hidden className="size-4" /> {busy ? "Looking up…" : "Look up"}
              </button>
            </form>
          )}
          <button
            type="button"
            onClick={props.onPin}
            aria-pressed={props.pinning}
            className="btn-secondary"
          >
            <MapPin aria-hidden className="size-4" />
            {props.pinning ? "Click the map…" : "Pin on the map"}
            <span className="sr-only"> ({props.label})</span>
          </button>
        </>
      )}
      {note && (
        <p role="status" className="text-sm text-danger">
          {note}
        </p>
      )}
      {showPlace && props.place && (
        <p className="text-sm text-muted">
          <MapPin aria-hidden className="mr-1 inline size-3.5" />
          {props.place.label}
          {props.place.address && props.place.address !== props.place.label
            ? ` · ${props.place.address}`
            : ""}
        </p>
      )}
      {props.onRemember && props.choice === "address" && props.place && (
        <div className="flex flex-wrap gap-2">
          {(["home", "office"] as const).map((name) => (
            <button
              key={name}
              type="button"
              onClick={() => props.onRemember!(name, props.place!)}
              className="btn-secondary px-2.5 py-1 text-xs"
            >
              Remember as {PLACE_NAMES[name].toLowerCase()}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

const pick = (place: { lat: number; lng: number }) => ({ lat: place.lat, lng: place.lng });
