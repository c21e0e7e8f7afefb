/**
 * Lost updates: a screen sends a change of a record with the version it holds (If-Match). When
 * the record was changed elsewhere meanwhile (412), one dialog (ChangedElsewhereDialog, in the
 * shell) asks what to do: Reload (the record as it now is; the edit is dropped) or Overwrite (the
 * change sent again, against the version the record is at now).
 */
import { createStore, useStore } from "zustand";
import type { Actor } from "~/domain/activity";
import { etagOf } from "~/domain/versions";
import { MESSAGES } from "./api/messages";
import { ServiceError } from "./api/workspace";

export type Resolution = "reload" | "overwrite";

/**
 * What the dialog asks: about which kind of record ("document"), who changed it (null when
 * unknown), and how it answers.
 */
export interface ChangedElsewhereQuestion {
  what: string;
  changedBy: Actor | null;
  answer: (choice: Resolution | null) => void;
}

export const changedElsewhereStore = createStore<{ question: ChangedElsewhereQuestion | null }>()(
  () => ({ question: null }),
);

export const useChangedElsewhere = () => useStore(changedElsewhereStore, (state) => state.question);

/** Asks what to do about a record changed elsewhere; null when the dialog is dismissed. */
export function askChangedElsewhere(what: string, changedBy: Actor | null = null) {
  changedElsewhereStore.getState().question?.answer(null);
  return new Promise<Resolution | null>((resolve) => {
    changedElsewhereStore.setState({
      question: {
        what,
        changedBy,
        answer: (choice) => {
          changedElsewhereStore.setState({ question: null });
          resolve(choice);
        },
      },
    });
  });
}

/**
 * The record as it now is and who changed it last, when a failed change says it was changed
 * elsewhere (412).
 */
export function changedRecord<R>(
  error: unknown,
): { current: R; changedBy: Actor | null } | undefined {
  if (!(error instanceof ServiceError) || error.failure.statusCode !== 412) return undefined;
  const details = error.failure.details as { current?: R; changedBy?: Actor | null } | undefined;
  return details?.current && { current: details.current, changedBy: details.changedBy ?? null };
}

/**
 * Sends a change of a record against the version the screen holds (its `updatedAt`; none: the
 * change is unconditional). Answers what the change answered, or undefined when the record had
 * changed elsewhere and the user reloaded it (`reload` gets it as it now is). When the user
 * closes the question instead, nothing is saved and a ServiceError says so (the form shows it).
 */
export async function sendVersioned<T, R extends { updatedAt: string }>(change: {
  what: string;
  version: string | Date | undefined;
  send: (ifMatch: string | undefined) => Promise<T>;
  reload: (current: R) => void;
}): Promise<T | undefined> {
  try {
    return await change.send(change.version === undefined ? undefined : etagOf(change.version));
  } catch (error) {
    const changed = changedRecord<R>(error);
    if (!changed) throw error;
    const { current, changedBy } = changed;
    const choice = await askChangedElsewhere(change.what, changedBy);
    if (choice === "overwrite") return sendVersioned({ ...change, version: current.updatedAt });
    if (choice === "reload") {
      change.reload(current);
      return undefined;
    }
    throw new ServiceError(MESSAGES.changedElsewhere(change.what), {
      ...(error as ServiceError).failure,
      message: MESSAGES.changedElsewhereNothingDone,
    });
  }
}
