/**
 * Addresses looked up one at a time: the server takes about one a second for everyone, so the
 * screen queues its look-ups rather than firing them together, and waits and asks again when the
 * geocoder is busy (429).
 */
import { useCallback, useRef } from "react";
import { mapsApi, type GeocodedPlace } from "~/lib/api/routes";
import { ServiceError } from "~/lib/api/workspace";

export type GeocodeOutcome =
  | { kind: "found"; place: GeocodedPlace }
  | { kind: "not-found" }
  /** No GEOCODER_URL: stops are pinned by hand. */
  | { kind: "no-geocoder" }
  | { kind: "failed"; message: string };

export const NO_GEOCODER = "No geocoder is configured (GEOCODER_URL): pin stops on the map by hand";

const BUSY_RETRIES = 5;
const BUSY_PAUSE_MS = 2000;
const pause = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

async function lookUp(address: string): Promise<GeocodeOutcome> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [place] = await mapsApi.geocode(address);
      return place ? { kind: "found", place } : { kind: "not-found" };
    } catch (error) {
      const status = error instanceof ServiceError ? error.failure.statusCode : 0;
      if (status === 503) return { kind: "no-geocoder" };
      if (status === 429 && attempt < BUSY_RETRIES) {
        await pause(BUSY_PAUSE_MS);
        continue;
      }
      const message =
        error instanceof ServiceError
          ? `${error.message}: ${error.failure.message}`
          : String(error);
      return { kind: "failed", message };
    }
  }
}

/** `geocode(address)`: resolves after every look-up asked for before it. */
export function useGeocoder() {
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  return useCallback((address: string) => {
    const next = queue.current.then(() => lookUp(address));
    queue.current = next;
    return next;
  }, []);
}
