/**
 * The page's scripts start downloading once the browser has painted the server's HTML
 * (docs/decisions/0031). Remix's `<Scripts>` writes a `modulepreload` link for every module of
 * the page and a module script that imports them; the browser's preload scanner starts all of
 * them while it parses the body, so on a phone's connection they share the first round trips
 * with the page itself (Lighthouse counted the 33–50 scripts before the largest paint: LCP
 * 1.2–2.7 s). The server (scripts-after-paint.server.ts) renames them so that nothing fetches
 * them, and this inline script gives them back their names after the first frame.
 */
import { useNonce } from "./nonce";

/** What the server renames `rel="modulepreload"` and `type="module"` to. */
export const HELD_PRELOAD = "x-after-paint-modulepreload";
export const HELD_MODULE = "x-after-paint-module";

/**
 * How long one task may spend giving links back their `rel`. Each one starts a module's fetch,
 * 2–6 ms on a phone (Chromium at 4x CPU throttling): a record page's 40–66 links, all in one task,
 * blocked the main thread for 130–330 ms.
 */
const PRELOAD_SLICE_MS = 10;

/**
 * Runs as parsed, in the body before Remix's scripts. Once the browser reports its first
 * contentful paint (a paint timing entry: an animation frame alone can come before the frame is
 * shown), it turns the held links back into preloads, a slice of them per task, and then runs the
 * held module script as a new one (a parsed script whose type was unknown never runs), appended at
 * the end of the body, where hydration leaves it be. A browser without paint timing waits two
 * frames; a tab that never paints (opened in the background) starts after two seconds.
 */
const RELEASE = `(function(){
  var nonce = document.currentScript.nonce, done = false;
  function release(){
    var held = document.querySelector('script[type="${HELD_MODULE}"]');
    if (!held) return requestAnimationFrame(release);
    if (done) return;
    done = true;
    var links = [].slice.call(document.querySelectorAll('link[rel="${HELD_PRELOAD}"]'));
    (function preload(){
      var until = performance.now() + ${PRELOAD_SLICE_MS};
      while (links.length && performance.now() < until) links.shift().rel = "modulepreload";
      if (links.length) return setTimeout(preload, 0);
      var script = document.createElement("script");
      script.type = "module";
      script.nonce = nonce;
      script.textContent = held.textContent;
      document.body.appendChild(script);
    })();
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes || [];
  if (types.indexOf("paint") >= 0) {
    new PerformanceObserver(function(list, observer){
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      setTimeout(release, 0);
    }).observe({ type: "paint", buffered: true });
  } else requestAnimationFrame(function(){ requestAnimationFrame(release); });
  setTimeout(release, 2000);
})();`;

/** Rendered only where the server holds the scripts back: a built page that has scripts. */
export function ScriptsAfterPaint() {
  const nonce = useNonce();
  if (import.meta.env.DEV) return null;
  return (
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RELEASE }} />
  );
}
