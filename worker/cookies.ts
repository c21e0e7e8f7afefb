/**
 * The session cookie's name and how a Cookie header is read: apart from the sessions service
 * (and its JWT library), so the Worker's entry can tell a cross-site form without loading them.
 */
export const SESSION_COOKIE = "ai42_session";

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=") || null;
  }
  return null;
}
