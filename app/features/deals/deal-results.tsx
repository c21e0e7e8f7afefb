/**
 * The analyzer's results: the strategy's headline figures, the 70 % and 1 % rules, and every
 * metric with its one-line meaning; a metric clicked or focused shows its formula in the user's
 * own numbers. Metrics and rules link to their glossary entries; a glossary entry opening the
 * analyzer (`term`) has its figure selected and scrolled to.
 */
import { Link } from "@remix-run/react";
import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { MetricExplanation } from "~/domain/deals/formulas";
import { HEADLINE_METRICS, type RuleCheck } from "~/domain/deals/judge";
import type { Strategy } from "~/domain/deals/types";
import { entryForMetric, entryForRule, glossaryPath } from "~/domain/resources/glossary";
import { isEditableTarget } from "~/shortcuts";

export function RuleBadges(props: { checks: readonly RuleCheck[] }) {
  return (
    <ul aria-label="Rules of thumb" className="flex flex-wrap gap-2">
      {props.checks.map((check) => (
        <li key={check.id}>
          <Link
            to={glossaryPath(entryForRule(check.id).slug)}
            title={`${check.detail}. Open the rule in the glossary.`}
            className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium hover:underline ${check.pass ? "bg-success/15 text-success" : "bg-danger/15 text-danger"}`}
          >
            {check.pass ? (
              <CheckCircle2 aria-hidden className="size-3.5" />
            ) : (
              <XCircle aria-hidden className="size-3.5" />
            )}
            {check.label}: {check.pass ? "pass" : "fail"}
            <span className="sr-only">. {check.detail}. Open the rule in the glossary.</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** One metric: its name and value; selected (clicked or focused), its formula below. */
function MetricRow(props: {
  name: string;
  metric: MetricExplanation;
  selected: boolean;
  onSelect: () => void;
  /** Brought here from the glossary: scrolled into view once, unless the user is typing. */
  sought: boolean;
}) {
  const { metric } = props;
  const entry = entryForMetric(props.name);
  const formulaId = `formula-${props.name}`;
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // The figures first appear while a field is being typed in: the page must not jump away.
    if (props.sought && !isEditableTarget(document.activeElement)) {
      row.current?.scrollIntoView({ block: "nearest" });
    }
  }, [props.sought]);
  return (
    <li ref={row} className={`rounded-lg ${props.selected ? "bg-raised" : ""}`}>
      <button
        type="button"
        onClick={props.onSelect}
        onFocus={props.onSelect}
        aria-expanded={props.selected}
        aria-controls={formulaId}
        data-metric={props.name}
        className="flex w-full items-baseline justify-between gap-3 rounded-lg px-3 pt-2 text-left hover:bg-raised"
      >
        <span className="text-sm font-medium">{metric.label}</span>
        <span className="font-semibold tabular-nums">{metric.value}</span>
      </button>
      <p className="px-3 pb-2 text-xs text-muted">
        {metric.reason ? `${metric.explanation} No value: ${metric.reason}.` : metric.explanation}
        {entry && (
          <>
            {" "}
            <Link
              to={glossaryPath(entry.slug)}
              aria-label={`Learn more: ${metric.label} in the glossary`}
              className="text-accent underline"
            >
              Learn more
            </Link>
          </>
        )}
      </p>
      <p
        id={formulaId}
        hidden={!props.selected}
        className="mx-3 mb-2 rounded-md border border-line bg-canvas px-3 py-2 font-mono text-xs break-words"
      >
        {metric.formula}
      </p>
    </li>
  );
}

export function DealResults(props: {
  strategy: Strategy;
  explained: Record<string, MetricExplanation>;
  checks: readonly RuleCheck[];
  /** A glossary entry's slug: the first of its figures shown here starts selected. */
  term?: string;
}) {
  const { explained } = props;
  const sought = props.term
    ? Object.keys(explained).find((name) => entryForMetric(name)?.slug === props.term)
    : undefined;
  const [selected, setSelected] = useState<string | null>(sought ?? null);
  const headline = HEADLINE_METRICS[props.strategy].flatMap((name) => {
    const metric = explained[name];
    return metric ? [[name, metric] as const] : [];
  });
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {headline.map(([name, metric]) => (
          <div key={name} className="rounded-xl border border-line bg-surface p-3">
            <dt className="text-xs tracking-wide text-muted uppercase">{metric.label}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums">{metric.value}</dd>
          </div>
        ))}
      </dl>
      {props.checks.length > 0 && <RuleBadges checks={props.checks} />}
      <section aria-labelledby="all-metrics">
        <h3 id="all-metrics" className="mb-1 text-sm font-semibold">
          Every figure <span className="font-normal text-muted">(select one for its formula)</span>
        </h3>
        <ul className="divide-y divide-line/50">
          {Object.entries(explained).map(([name, metric]) => (
            <MetricRow
              key={name}
              name={name}
              metric={metric}
              selected={selected === name}
              onSelect={() => setSelected(name)}
              sought={sought === name}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}
