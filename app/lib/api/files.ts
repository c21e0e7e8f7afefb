/**
 * The files on the user's records: list (a .zip's import skips those already here), upload with
 * progress, and the addresses a file is shown or downloaded at (the session cookie signs a plain
 * link in).
 */
import type { z } from "zod";
import type { FileOwner } from "~/domain/files";
import { localTimeZone, TIME_ZONE_HEADER } from "~/domain/today";
import type { FileSchema, FoundFileSchema } from "../../../worker/api/routes/files.schemas";
import { apiRequest, apiUrl, storedToken, type ApiFailure } from "./client";
import { MESSAGES } from "./messages";
import { pageOrThrow, queryString, ServiceError } from "./workspace";

export type StoredFile = z.infer<typeof FileSchema>;
/** A file as the list answers it: its record's name, and where a search's words are in it. */
export type ListedFile = z.infer<typeof FoundFileSchema>;

/** Where a file's bytes are: `inline` shows an image or a PDF in the page, else it downloads. */
export const fileContentUrl = (id: string, inline = false) =>
  apiUrl(`/files/${encodeURIComponent(id)}/content${inline ? "?disposition=inline" : ""}`);

/** A photo's small picture (or the picture itself when none was sent with it). */
export const fileThumbnailUrl = (id: string) =>
  apiUrl(`/files/${encodeURIComponent(id)}/thumbnail`);

/** A failed upload's words, from the API's answer or the network. */
function uploadFailure(request: XMLHttpRequest): ApiFailure {
  let message: string | undefined;
  try {
    const body = JSON.parse(request.responseText) as { error?: { message?: unknown } };
    if (typeof body.error?.message === "string") message = body.error.message;
  } catch {
    // Not JSON: said below.
  }
  if (request.status === 0) return { message: MESSAGES.networkError, statusCode: 0 };
  return { message: message ?? MESSAGES.requestFailed, statusCode: request.status };
}

export const filesApi = {
  /** A page of all the user's files, newest first. */
  list: (query: { page: number; limit: number }) =>
    pageOrThrow(
      apiRequest<ListedFile[]>(`/files${queryString({ ...query })}`),
      MESSAGES.fetchFiles,
    ),
  /**
   * Sends one file to a record. XMLHttpRequest, not fetch: only it reports the upload's progress
   * (`onProgress` with 0…1). The owner's fields go first, as the API reads them before the file;
   * a photo's thumbnail goes after it. With the bytes' `sha256` a file the record has already is
   * not stored again (`stored: false`).
   */
  upload(
    target: { ownerType: FileOwner; ownerId: string; sha256?: string },
    file: File,
    onProgress: (fraction: number) => void,
    signal?: AbortSignal,
    thumbnail?: Blob | null,
  ): Promise<{ file: StoredFile; stored: boolean }> {
    const form = new FormData();
    form.append("ownerType", target.ownerType);
    form.append("ownerId", target.ownerId);
    if (target.sha256) form.append("sha256", target.sha256);
    form.append("file", file, file.name);
    if (thumbnail) form.append("thumbnail", thumbnail, "thumbnail.jpg");
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open("POST", apiUrl("/files"));
      request.withCredentials = true;
      request.setRequestHeader("Accept", "application/json");
      request.setRequestHeader(TIME_ZONE_HEADER, localTimeZone());
      const token = storedToken();
      if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      const fail = () => reject(new ServiceError(MESSAGES.uploadFile, uploadFailure(request)));
      request.onload = () => {
        if (request.status !== 201 && request.status !== 200) return fail();
        try {
          const { data } = JSON.parse(request.responseText) as { data: StoredFile };
          resolve({ file: data, stored: request.status === 201 });
        } catch {
          reject(
            new ServiceError(MESSAGES.uploadFile, {
              message: MESSAGES.htmlInsteadOfJson,
              statusCode: request.status,
            }),
          );
        }
      };
      request.onerror = fail;
      request.onabort = fail;
      signal?.addEventListener("abort", () => request.abort());
      request.send(form);
    });
  },
};
