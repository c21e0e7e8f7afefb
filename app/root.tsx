import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import { DEFAULT_MARKETING_URL } from "../worker/env";
import { ErrorFallback } from "./components/error-fallback";
import { getSessionUser } from "./lib/auth.server";
import { AuthProvider } from "./lib/auth";
import { useNonce } from "./lib/nonce";
import { PageStyles } from "./lib/page-styles";
import { ScriptsAfterPaint } from "./lib/scripts-after-paint";
import { ThemeProvider, themeFromCookie, type Theme } from "./lib/theme";
import stylesheet from "./styles/app.css?url";

export const links: LinksFunction = () => [
  // Built, the stylesheet is inlined (PageStyles); in development Vite reloads it through a link.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "AI42 — AI workspace for real-estate investors" },
  {
    name: "description",
    content:
      "Sign in to AI42, the workspace for real-estate investors: deal analysis, auctions, visit routes, projects, contacts and an AI agent that works on your own numbers.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return {
    user: await getSessionUser(request, context),
    marketingUrl: context.cloudflare.env.MARKETING_URL || DEFAULT_MARKETING_URL,
    theme: themeFromCookie(request.headers.get("Cookie")),
  };
}

/** The session is known once per page load; client-side navigation does not ask again. */
export const shouldRevalidate = () => false;

/** What a route may say about the document around it. */
export interface DocumentHandle {
  /** False: the page is complete as the server rendered it, and loads no script (a shared report). */
  scripts?: boolean;
}

function Document(props: { theme: Theme; children: React.ReactNode }) {
  const nonce = useNonce();
  const scripts = useMatches().every(
    (match) => (match.handle as DocumentHandle | undefined)?.scripts !== false,
  );
  return (
    <html lang="en" className={props.theme === "light" ? "light" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark light" />
        <Meta />
        <PageStyles />
        <Links />
      </head>
      <body className="min-h-dvh font-sans antialiased">
        {props.children}
        {scripts && <ScriptsAfterPaint />}
        {scripts && <ScrollRestoration nonce={nonce} />}
        {scripts && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  const { user, marketingUrl, theme } = useLoaderData<typeof loader>();
  return (
    <Document theme={theme}>
      <ThemeProvider initialTheme={theme}>
        <AuthProvider initialUser={user} marketingUrl={marketingUrl}>
          <Outlet />
        </AuthProvider>
      </ThemeProvider>
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <Document theme="dark">
      <main className="px-4">
        <ErrorFallback error={error} />
      </main>
    </Document>
  );
}
