import { createContext, useContext } from "react";

/**
 * The page's stylesheet, inlined into the HTML by the server (entry.server.tsx): a stylesheet
 * `<link>` blocks the first paint for one more round trip, which on a phone was a quarter of the
 * time to the first screen (docs/decisions/0029). Empty in the browser, where hydration keeps the
 * server's text (React does not reset `dangerouslySetInnerHTML` when hydrating), and in
 * development, where Vite's `<link>` keeps hot reloading.
 */
const PageStylesContext = createContext("");
export const PageStylesProvider = PageStylesContext.Provider;

export function PageStyles() {
  const css = useContext(PageStylesContext);
  return <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
