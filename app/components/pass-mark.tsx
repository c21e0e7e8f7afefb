import { CheckCircle2, XCircle } from "lucide-react";

/** A pass or a fail in words and icon as well as colour ("Pass" / "Fail", "Meets" / "Misses"). */
export function PassMark(props: { pass: boolean; yes?: string; no?: string; className?: string }) {
  const Icon = props.pass ? CheckCircle2 : XCircle;
  return (
    <span
      className={`inline-flex items-center gap-1 ${props.pass ? "text-success" : "text-danger"} ${props.className ?? ""}`}
    >
      <Icon aria-hidden className="size-4" />{" "}
      {props.pass ? (props.yes ?? "Pass") : (props.no ?? "Fail")}
    </span>
  );
}
