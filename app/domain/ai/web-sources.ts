/**
 * The web sources of AI answers and research reports. They come from a model or a provider, so
 * only http(s) addresses are kept and linked: a `javascript:` or `data:` "source" would run or
 * show something on this page when clicked. Pure.
 */

/** Whether the text is an absolute http:// or https:// address. */
export function isWebUrl(text: string) {
  try {
    const { protocol } = new URL(text);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/** The web addresses among what a model or provider named as sources, in their order. */
export const webSources = (urls: readonly unknown[]) =>
  urls.filter((url): url is string => typeof url === "string" && isWebUrl(url));
