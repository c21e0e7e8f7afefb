/**
 * A file deleted from a page: the files panel of a record's page and Project Hub's Files tab post
 * `intent` "delete-file" with its `fileId` to their route's action, which hands it here.
 */
import type { FileOwner } from "~/domain/files";
import type { ModuleLoaderArgs } from "~/lib/module-loader.server";
import { refusedForm, refusedPartAnswer, textIn } from "~/lib/record-action.server";

/** What a file's delete answers: the file gone (the page's loaders are then read again). */
export type FileDeleted = { fileDeleted: string };

/**
 * Deletes the posted file as `DELETE /api/files/{id}` does; with `owner` (a record's page), only
 * one on that record. A file that is not there (another user's, another record's) is a 404 said
 * beside the list, the page staying.
 */
export async function actOnFile(
  services: ModuleLoaderArgs["services"],
  owner: { ownerType: FileOwner; ownerId: string } | null,
  form: FormData | Record<string, unknown>,
) {
  const fileId = textIn(form, "fileId");
  if (!fileId) return refusedForm("Say which file to delete");
  const { refused } = await services.deleteFile(fileId, owner ?? undefined);
  if (refused) return refusedPartAnswer(refused);
  return { fileDeleted: fileId } satisfies FileDeleted;
}
