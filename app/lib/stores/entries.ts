/**
 * The project-hub entries store (spec §4): entries, loading, error; kept in local storage under
 * `project-hub-storage` with dates restored on load, so documents show at once on the next visit.
 * At app start it takes the entries the page arrived with (streamed after it, or in the Project
 * Hub's documents tab, whose loader read them: `useEntriesFrom`) rather than fetching them.
 */
import { useEffect, useMemo } from "react";
import { createJSONStorage, persist, type StateStorage } from "zustand/middleware";
import { createStore, useStore } from "zustand";
import type { EntryInput } from "~/domain/workspace";
import { STORAGE_KEYS } from "../api/messages";
import type { ApiFailure } from "../api/client";
import { entriesApi, ServiceError, type Entry } from "../api/workspace";

export type StoredEntry = Omit<Entry, "createdAt" | "updatedAt"> & {
  createdAt: Date;
  updatedAt: Date;
};

export interface EntriesState {
  entries: StoredEntry[];
  loading: boolean;
  /** True once a fetch has finished (well or not) in this page's life. */
  loaded: boolean;
  error: string | null;
  /** The loader's entries the store was fed (`receiveEntries`), since kept up to date; null: none. */
  from: Entry[] | null;
  fetchEntries: () => Promise<void>;
  addEntry: (input: Partial<EntryInput>) => Promise<StoredEntry | null>;
  /**
   * With `ifMatch` (the ETag of the version edited) a change made against an older version than
   * the server's throws the 412's ServiceError (see app/lib/changed-elsewhere.ts).
   */
  updateEntry: (
    id: string,
    input: Partial<EntryInput>,
    ifMatch?: string,
  ) => Promise<StoredEntry | null>;
  deleteEntry: (id: string, ifMatch?: string) => Promise<boolean>;
  /** Shows the entry as the server has it (what a 412 answered: Reload). */
  receiveEntry: (entry: Entry) => void;
  /** Every entry, as a loader read them. */
  receiveEntries: (entries: Entry[]) => void;
}

const withDates = (entry: Entry): StoredEntry => ({
  ...entry,
  createdAt: new Date(entry.createdAt),
  updatedAt: new Date(entry.updatedAt),
});

/** A refused change of an older version than the server's: the 412 for the screen to resolve. */
function throwIfChangedElsewhere(failure: ApiFailure) {
  if (failure.statusCode === 412) throw new ServiceError(failure.message, failure);
}

export function createEntriesStore(storage: () => StateStorage) {
  return createStore<EntriesState>()(
    persist(
      (set, get) => ({
        entries: [],
        loading: false,
        loaded: false,
        error: null,
        from: null,
        async fetchEntries() {
          set({ loading: true, error: null });
          const result = await entriesApi.list();
          if (result.error) set({ loading: false, loaded: true, error: result.error.message });
          else set({ loading: false, loaded: true, entries: result.data.map(withDates) });
        },
        async addEntry(input) {
          set({ error: null });
          const result = await entriesApi.create(input);
          if (result.error) {
            set({ error: result.error.message });
            return null;
          }
          const entry = withDates(result.data);
          set((state) => ({ entries: [entry, ...state.entries] }));
          return entry;
        },
        async updateEntry(id, input, ifMatch) {
          set({ error: null });
          const result = await entriesApi.update(id, input, ifMatch);
          if (result.error) {
            throwIfChangedElsewhere(result.error);
            set({ error: result.error.message });
            return null;
          }
          get().receiveEntry(result.data);
          return withDates(result.data);
        },
        async deleteEntry(id, ifMatch) {
          set({ error: null });
          const result = await entriesApi.remove(id, ifMatch);
          if (result.error) throwIfChangedElsewhere(result.error);
          // Already gone on the server (404): remove it here too.
          if (result.error && result.error.statusCode !== 404) {
            set({ error: result.error.message });
            return false;
          }
          set((state) => ({ entries: state.entries.filter((entry) => entry.id !== id) }));
          return true;
        },
        receiveEntry(received) {
          const entry = withDates(received);
          set((state) => ({
            entries: [entry, ...state.entries.filter((existing) => existing.id !== entry.id)],
          }));
        },
        receiveEntries: (entries) =>
          set({
            entries: entries.map(withDates),
            loading: false,
            loaded: true,
            error: null,
            from: entries,
          }),
      }),
      {
        name: STORAGE_KEYS.projectHub,
        storage: createJSONStorage(storage, {
          reviver: (key, value) =>
            (key === "createdAt" || key === "updatedAt") && typeof value === "string"
              ? new Date(value)
              : value,
        }),
        partialize: (state) => ({ entries: state.entries }),
        // Entries a loader has fed are newer than the saved ones.
        merge: (saved, current) => (current.from ? current : { ...current, ...(saved as object) }),
        skipHydration: true,
      },
    ),
  );
}

export const entriesStore = createEntriesStore(() => localStorage);

export function useEntries<T>(select: (state: EntriesState) => T) {
  return useStore(entriesStore, select);
}

/**
 * At app start: restore the saved entries, then refresh them; a failure is ignored. `fed`: the
 * entries the page arrived with (the documents tab's, or those streamed after the page: null when
 * the server could not read them), which are the refresh; without them they are fetched.
 */
export async function loadEntriesAtStart(
  store = entriesStore,
  fed?: Entry[] | Promise<Entry[] | null>,
) {
  await store.persist.rehydrate();
  if (!fed) {
    if (!store.getState().from) await store.getState().fetchEntries();
    return;
  }
  const entries = await fed;
  // Entries a loader fed meanwhile (the documents tab, opened before these arrived) are as new.
  if (entries && !store.getState().from) store.getState().receiveEntries(entries);
}

/**
 * The entries from a loader's read, held by the store once fed (so a save or a delete shows at
 * once). Until the browser has fed it (on the server, while hydrating) the loader's entries.
 */
export function useEntriesFrom(entries: Entry[] | null) {
  useEffect(() => {
    if (entries) entriesStore.getState().receiveEntries(entries);
  }, [entries]);
  const fed = useEntries((state) => (entries && state.from === entries ? state : null));
  const read = useMemo(() => entries?.map(withDates) ?? [], [entries]);
  return { entries: fed?.entries ?? read, error: fed?.error ?? null };
}
