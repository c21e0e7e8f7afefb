/**
 * Where a link into Connections starts (`?section=`): the bell's Preferences and the palette open
 * a section rather than the page's top, so its heading is scrolled to and focused.
 */
import { useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { ModuleParams } from "~/domain/modules";

type Section = NonNullable<ModuleParams["connections"]["section"]>;

/**
 * The heading to give `tabIndex={-1}`: focused when the URL names `section`, with its section
 * scrolled to the top (the section's `scroll-mt-*` keeps it clear of the phone's header).
 */
export function useSectionFocus(section: Section) {
  const [params] = useSearchParams();
  const heading = useRef<HTMLHeadingElement>(null);
  const wanted = params.get("section") === section;

  useEffect(() => {
    if (!wanted) return;
    const frame = requestAnimationFrame(() => {
      heading.current?.focus({ preventScroll: true });
      heading.current?.closest("section")?.scrollIntoView({ block: "start" });
    });
    return () => cancelAnimationFrame(frame);
  }, [wanted]);

  return heading;
}
