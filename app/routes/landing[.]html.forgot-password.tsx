// The login screen links to MARKETING_URL + /forgot-password; with the default MARKETING_URL
// (/landing.html) that is this path, served by the same page as /forgot-password.
export { default, meta } from "./forgot-password";
