/**
 * Bounds on reading a file someone else wrote: how long it may take, and the error that says a
 * file was too much to read (as opposed to damaged). Pure: used by the Office XML reader and the
 * text extractor, in the browser, in Node and in workerd.
 */

/**
 * A file that would take more than the reader allows (time, unpacked bytes, elements): its
 * message says which bound, for the user. The file is not damaged; it is not read.
 */
export class ReadLimitError extends Error {
  override name = "ReadLimitError";
}

/**
 * A point in time past which reading stops, checked inside the readers' loops. On Cloudflare a
 * Worker's clock moves only between I/O (local workerd's moves on), so a reader that runs long
 * awaits `breathe` between pages: now and then it waits a turn of the event loop, the clock moves
 * on, and the isolate's other work runs.
 */
export class Deadline {
  readonly #until: number;
  #steps = 0;
  constructor(
    readonly ms: number,
    readonly what: string,
  ) {
    this.#until = Date.now() + ms;
  }

  /** Throws a ReadLimitError once the time is up. */
  check() {
    if (Date.now() > this.#until) {
      throw new ReadLimitError(`Reading ${this.what} took over ${Math.round(this.ms / 1000)} s`);
    }
  }

  /** Checks; every BREATHE_EVERY calls, first lets the clock move and other work run. */
  async breathe() {
    if ((this.#steps += 1) % BREATHE_EVERY === 0) {
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    this.check();
  }
}

/** A turn of the event loop costs a millisecond or more: one is waited per this many pages. */
const BREATHE_EVERY = 16;
