import { Sparkles } from "lucide-react";

/** The AI42 mark: the logo tile and, unless hidden, the name. */
export function Brand(props: { size?: "sm" | "lg"; className?: string; nameTestId?: string }) {
  const large = props.size === "lg";
  return (
    <span className={`flex items-center gap-2 font-semibold ${props.className ?? ""}`}>
      <span
        className={`grid shrink-0 place-items-center bg-accent text-accent-fg ${large ? "size-9 rounded-xl" : "size-8 rounded-lg"}`}
      >
        <Sparkles aria-hidden className={large ? "size-5" : "size-4"} />
      </span>
      <span data-testid={props.nameTestId} className={large ? "text-xl" : "text-lg tracking-tight"}>
        AI42
      </span>
    </span>
  );
}
