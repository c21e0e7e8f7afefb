/**
 * The reads a screen makes after its page came: a picker's matches, a dialog's preview, a
 * sub-screen's record. (A module's first screen comes with the page itself: module-data.ts.)
 *
 * A read is named by its key, the values it reads by, compared one by one as an effect's
 * dependencies are. A newer key, a null one (nothing to read: the dialog closed) or leaving the
 * screen supersedes the read under way, and its answer, however late, is never shown. Until a
 * newer read settles, the last outcome stays, with `loading` saying another is coming: each screen
 * chooses what it shows meanwhile.
 */
import { useEffect, useState } from "react";
import { failureText } from "./api/workspace";

// With `| []`, TypeScript reads a key written `[a, b]` as a pair, not an array of either.
type Key = readonly unknown[] | [];

/** A read as a screen shows it. */
export interface Read<T> {
  /** The newest answer; undefined before the first and after a failure. */
  data: T | undefined;
  /** The newest failure in words (`failureText`); "" when the newest read answered. */
  failure: string;
  /** A newer read is under way (or waiting out its delay); until it settles the above stay. */
  loading: boolean;
  /** Reads the same key again. */
  retry: () => void;
}

/** What is being read (null for nothing) and what the newest read said. */
export type ReadState<K extends Key, T> = Omit<Read<T>, "retry"> & { key: K | null };

const NOTHING_READ = { key: null, data: undefined, failure: "", loading: false };

const sameKey = (a: Key | null, b: Key | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.length === b.length &&
    a.every((part, i) => Object.is(part, b[i])));

/** The newest-wins rule, without React, so it is tested as it is (tests/unit/use-read.test.ts). */
export class NewestRead<K extends Key, T> {
  state: ReadState<K, T> = NOTHING_READ;
  private supersede = () => {};

  constructor(
    /** Replaced by each render's, so a read uses what the screen shows now. */
    public read: (...key: K) => Promise<T>,
    /** Told each change of `state`. */
    private readonly show: (state: ReadState<K, T>) => void,
  ) {}

  /** What to read, `delay` ms from now; the key being read already changes nothing. */
  name(key: K | null, delay = 0) {
    if (!sameKey(key, this.state.key)) this.start(key, delay);
  }

  /** Reads the same key again: after a failure, "Try again". */
  retry = () => this.start(this.state.key, 0);

  private start(key: K | null, delay: number) {
    this.supersede();
    this.supersede = () => {};
    if (key === null) return this.set({ key, loading: false });
    let newest = true;
    const timer = setTimeout(() => {
      Promise.resolve()
        .then(() => this.read(...key))
        .then(
          (data) => newest && this.set({ data, failure: "", loading: false }),
          (error: unknown) =>
            newest && this.set({ data: undefined, failure: failureText(error), loading: false }),
        );
    }, delay);
    this.supersede = () => {
      newest = false;
      clearTimeout(timer);
    };
    this.set({ key, loading: true });
  }

  private set(change: Partial<ReadState<K, T>>) {
    this.state = { ...this.state, ...change };
    this.show(this.state);
  }
}

/**
 * `read(...key)` for the screen, the newest key winning. `delay` waits that long after the key
 * changes before reading, so a search asks once typing pauses.
 */
export function useRead<K extends Key, T>(
  key: K | null,
  read: (...key: K) => Promise<T>,
  delay = 0,
): Read<T> {
  const [state, setState] = useState<ReadState<K, T>>(NOTHING_READ);
  const [newest] = useState(() => new NewestRead(read, setState));
  useEffect(() => {
    newest.read = read;
    newest.name(key, delay);
  });
  useEffect(() => () => newest.name(null), [newest]);
  return {
    data: state.data,
    failure: state.failure,
    // Said from the render that names a new key, before the effect starts its read.
    loading: key !== null && (state.loading || !sameKey(key, state.key)),
    retry: newest.retry,
  };
}
