import { useEffect, useState } from "react";

/** Whether a media query matches; undefined until known (server rendering, first paint). */
export function useMediaQuery(query: string) {
  const [matches, setMatches] = useState<boolean>();
  useEffect(() => {
    const list = window.matchMedia(query);
    setMatches(list.matches);
    const onChange = () => setMatches(list.matches);
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  }, [query]);
  return matches;
}
