/**
 * Long work (an export's chunks, an import's) runs in slices, and between them gives way to what
 * else the isolate was asked meanwhile. Without it workerd runs work whose every read is answered
 * in-process (a local D1) to its end before taking another request: everyone's requests would
 * wait for the whole export. On Cloudflare, where D1 answers over the network, a turn costs
 * nothing.
 */

/** How many requests the isolate is answering: from their arrival until their Response is made. */
let answering = 0;
/** How many requests have arrived since the isolate started. */
let arrived = 0;

/**
 * Most a download waits, before its next chunk, for the requests being answered to be done: a
 * request's own work takes 10–60 ms here, and a page that keeps loading must not hold the download
 * for good.
 */
export const GIVE_WAY_MOST_MS = 40;
/**
 * The rest a download takes after each chunk while others are being served (a request arrived in
 * the last OTHERS_RECENT_MS): about a chunk's own time, so that it then uses half the time it
 * would, and their pages are not slowed by a file nobody reads row by row. Sending a chunk's bytes
 * costs more than reading them (the runtime's work, and locally wrangler's proxy), so a request
 * still slows while a chunk is on its way: resting only once one has come would be too late for
 * it, and for the next.
 */
export const DOWNLOAD_REST_MS = 30;
/** How recently another request must have come for a download to rest: a few of its chunks. */
export const OTHERS_RECENT_MS = 500;

/** `answer`, counted as a request being answered until it has made its Response. */
export async function answered<T>(answer: () => Promise<T>): Promise<T> {
  answering += 1;
  arrived += 1;
  try {
    return await answer();
  } finally {
    answering -= 1;
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A turn of the event loop for whatever else the isolate was asked meanwhile. */
export const othersTurn = () => pause(0);

/**
 * What a streamed download awaits before each chunk after the first, made once its Response is
 * (so it is not counted itself): a turn; then, while other requests are being answered, pauses of
 * a millisecond, up to GIVE_WAY_MOST_MS of them; then, if others came in the last
 * OTHERS_RECENT_MS, DOWNLOAD_REST_MS more. Alone, a download goes at full speed. Each wait is
 * this request's own timer, so it ends whatever becomes of the others.
 */
export function givingWay(): () => Promise<void> {
  let seen = arrived;
  let othersCame = -Infinity;
  return async () => {
    await othersTurn();
    // Counted in pauses, not read off the clock: workerd's clock stands still between I/O events
    // (it moves with each timer and answer, which is all the times below need).
    for (let waited = 0; answering > 0 && waited < GIVE_WAY_MOST_MS; waited += 1) await pause(1);
    if (arrived !== seen) {
      seen = arrived;
      othersCame = Date.now();
    }
    if (Date.now() - othersCame < OTHERS_RECENT_MS) await pause(DOWNLOAD_REST_MS);
  };
}
