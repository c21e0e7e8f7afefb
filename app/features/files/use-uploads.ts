/**
 * The files being sent to one record: each resized when it is a photo (unless the original is
 * kept), then uploaded to the API with its progress (an action could not report it); a stored one
 * leaves the queue and the page's loaders are read again, a refused one stays with the API's
 * reason until dismissed.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { MAX_FILE_BYTES, MAX_FILE_TEXT, type FileOwner } from "~/domain/files";
import { filesApi } from "~/lib/api/files";
import { failureReason } from "~/lib/api/workspace";
import { preparePhoto } from "./resize-photo";

export interface Upload {
  key: number;
  name: string;
  /** 0…1 of the bytes sent. */
  progress: number;
  state: "preparing" | "uploading" | "failed";
  message?: string;
}

let nextKey = 1;

export function useUploads(owner: { ownerType: FileOwner; ownerId: string }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const { revalidate } = useRevalidator();
  // Leaving the record stops what it was still sending.
  const aborts = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    aborts.current = controller;
    return () => controller.abort();
  }, [owner.ownerType, owner.ownerId]);

  const change = (key: number, patch: Partial<Upload>) =>
    setUploads((list) =>
      list.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)),
    );

  const send = async (key: number, file: File, keepOriginal: boolean) => {
    const { signal } = aborts.current;
    try {
      if (file.size > MAX_FILE_BYTES) {
        throw new Error(`Too large: a file may be at most ${MAX_FILE_TEXT}`);
      }
      const ready = await preparePhoto(file, keepOriginal);
      change(key, { state: "uploading", name: ready.file.name });
      await filesApi.upload(
        owner,
        ready.file,
        (progress) => change(key, { progress }),
        signal,
        ready.thumbnail,
      );
      setUploads((list) => list.filter((upload) => upload.key !== key));
      revalidate();
    } catch (error) {
      if (!signal.aborted) change(key, { state: "failed", message: failureReason(error) });
    }
  };

  return {
    uploads,
    add(files: readonly File[], keepOriginal: boolean) {
      const added = files.map((file) => ({ file, key: nextKey++ }));
      setUploads((list) => [
        ...list,
        ...added.map(({ file, key }) => ({
          key,
          name: file.name,
          progress: 0,
          state: "preparing" as const,
        })),
      ]);
      for (const { file, key } of added) void send(key, file, keepOriginal);
    },
    dismiss: (key: number) => setUploads((list) => list.filter((upload) => upload.key !== key)),
  };
}
