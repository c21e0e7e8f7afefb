/**
 * Stands in for `gcp-metadata` in the Worker bundle (see the `[alias]` in wrangler.toml).
 * google-auth-library loads it for Application Default Credentials on Google's own machines (GCE,
 * Cloud Run): AI42 signs in to Google with OAuth2Client and a user's refresh token only, so the
 * metadata server is never asked. The real module and its json-bigint and bignumber.js are ~15 KB
 * gzip of a budget that has none to spare. Anything that reaches here answers "not on Google Cloud".
 */
function notOnGoogleCloud(): never {
  throw new Error("The Google Cloud metadata server is not available in a Cloudflare Worker");
}

export const instance = notOnGoogleCloud;
export const project = notOnGoogleCloud;
export const universe = notOnGoogleCloud;
export const bulk = notOnGoogleCloud;
export const isAvailable = async () => false;
export const getGCPResidency = () => false;
export const resetIsAvailableCache = () => {};
export const setGCPResidency = () => {};
export const BASE_PATH = "/computeMetadata/v1";
export const HOST_ADDRESS = "http://169.254.169.254";
export const SECONDARY_HOST_ADDRESS = "http://metadata.google.internal.";
export const HEADER_NAME = "Metadata-Flavor";
export const HEADER_VALUE = "Google";
export const HEADERS = Object.freeze({ [HEADER_NAME]: HEADER_VALUE });
