/**
 * Sources as stored, exported and imported (the schema; the rules themselves are in
 * web-sources.ts, re-exported here, so a page that links sources downloads no zod).
 */
import { z } from "zod";
import { isWebUrl } from "./web-sources";

export * from "./web-sources";

/** Sources as stored, exported and imported: web addresses only. */
export const WebSourcesSchema = z.array(
  z.string().refine(isWebUrl, { error: "A source must be a web address (http:// or https://)" }),
);
