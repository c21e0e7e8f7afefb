/**
 * The name a stored file leaves under, apart from files.ts (which every page's upload code loads):
 * only the file lists, the download and the export use it. Pure.
 */
import { extensionOf, OLE, OOXML } from "./files";

/** The extensions each stored type is known by, the usual one first. */
const EXTENSIONS: Record<string, readonly string[]> = {
  "application/pdf": ["pdf"],
  "image/png": ["png"],
  "image/jpeg": ["jpg", "jpeg", "jpe", "jfif"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "image/heic": ["heic", "heif"],
  ...Object.fromEntries(
    Object.entries({ ...OOXML, ...OLE }).map(([extension, type]) => [type.mimeType, [extension]]),
  ),
  "text/plain": ["txt", "md"],
  "text/csv": ["csv"],
  "text/tab-separated-values": ["tsv"],
};

/**
 * The name a stored file is downloaded (and exported) under: its own, with the extension of the
 * type told from its bytes. A PDF sent as `poly.html` leaves as `poly.pdf`, so once saved it opens
 * as what it is, never as a page that runs.
 */
export function downloadName(name: string, mimeType: string) {
  const known = EXTENSIONS[mimeType.split(";")[0]!.trim().toLowerCase()];
  if (!known || known.includes(extensionOf(name))) return name;
  const base = name.replace(/\.[a-z0-9]{1,8}$/i, "").replace(/\.+$/, "") || "file";
  return `${base}.${known[0]}`;
}
