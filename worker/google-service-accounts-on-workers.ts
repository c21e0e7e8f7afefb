/**
 * Stands in for `gtoken` and `jws` in the Worker bundle (see the `[alias]` in wrangler.toml).
 * google-auth-library loads them for service accounts (JWT and JWTAccess clients, which sign their
 * own tokens); AI42 acts for a user through OAuth2Client and their refresh token only, so neither
 * is ever called, yet together they cost ~7 KB gzip of the Worker's budget. Anything that reaches
 * here is a mistake, and says so.
 */
function noServiceAccounts(): never {
  throw new Error("AI42 does not sign in to Google with service accounts");
}

/** gtoken's client. */
export class GoogleToken {
  constructor() {
    noServiceAccounts();
  }
}

/** jws's functions. */
export const sign = noServiceAccounts;
export const verify = noServiceAccounts;
export const decode = noServiceAccounts;
export const createSign = noServiceAccounts;
export const createVerify = noServiceAccounts;
