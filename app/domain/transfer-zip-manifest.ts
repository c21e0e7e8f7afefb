/**
 * The manifest of an export .zip (`files.json`) as Import Data reads it: apart from
 * transfer-zip.ts, which the Worker bundles, as the Worker writes the manifest but never reads it
 * (it takes the types only). Pure: no I/O.
 */
import { z } from "zod";
import { FILE_KINDS, FILE_OWNERS } from "./files";
import { MANIFEST_FORMAT } from "./transfer-zip";

const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, "must be a hex SHA-256");

export const ManifestFileSchema = z.object({
  id: z.string().min(1).max(64),
  ownerType: z.enum(FILE_OWNERS),
  ownerId: z.string().min(1).max(64),
  name: z.string().min(1).max(255),
  kind: z.enum(FILE_KINDS),
  mimeType: z.string(),
  size: z.number().int().min(0),
  sha256: Sha256Schema,
  createdAt: z.string(),
  /** Where the bytes are in the .zip, from the manifest's folder. */
  path: z.string().min(1),
});
export type ManifestFile = z.infer<typeof ManifestFileSchema>;

export const ManifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(1),
  files: z.array(ManifestFileSchema),
});
export type Manifest = z.infer<typeof ManifestSchema>;
