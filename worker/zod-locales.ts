/**
 * Stands in for zod's `locales/index.js` in the Worker bundle (see the `[alias]` in
 * wrangler.toml): the API speaks English only, and the other 40-odd locales cost about 60 KB of
 * gzipped Worker. `z.locales.en` stays available.
 */
export { default as en } from "zod/v4/locales/en.js";
