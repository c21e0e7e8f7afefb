/**
 * The analyzer's buy box: the user's purchase criteria, how the analysis on screen measures up to
 * them (worked out as the figures change, by the same `judgeCriteria` the API runs), and an editor
 * that saves them through the page's action (not offered to a viewer).
 */
import { CheckCircle2, Pencil, Target, XCircle } from "lucide-react";
import { PassMark } from "~/components/pass-mark";
import { useState } from "react";
import { TextField } from "~/components/form";
import {
  CRITERIA,
  CRITERION_NAMES,
  formatCriterion,
  verdictSummary,
  type CriteriaVerdict,
  type CriterionName,
  type DealCriteria,
} from "~/domain/deals/criteria";
import type { Strategy } from "~/domain/deals/types";
import { parseNumberLike } from "~/domain/format";
import { label } from "~/domain/workspace";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite } from "~/lib/module-data";
import { useForm } from "~/lib/use-form";
import { FormActions } from "../shared";
import { useAnalysisChange } from "./analysis-change";

export const hasCriteria = (criteria: DealCriteria) =>
  CRITERION_NAMES.some((name) => criteria[name] !== null);

const strategiesOf = (name: CriterionName) =>
  CRITERIA[name].strategies.map((strategy) => label(strategy)).join(", ");

/** "Meets your buy box" / "Misses 2 of 5", or why there is no verdict. */
export function VerdictLine(props: { verdict: CriteriaVerdict; strategy: Strategy }) {
  const summary = verdictSummary(props.verdict);
  if (summary === null)
    return (
      <p className="text-sm text-muted">
        None of your criteria applies to a {label(props.strategy).toLowerCase()} deal.
      </p>
    );
  return (
    <p
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ${props.verdict.meetsCriteria ? "bg-success/15 text-success" : "bg-danger/15 text-danger"}`}
    >
      {props.verdict.meetsCriteria ? (
        <CheckCircle2 aria-hidden className="size-4" />
      ) : (
        <XCircle aria-hidden className="size-4" />
      )}
      {summary}
    </p>
  );
}

/** The buy box as the page's loader read it; a save reads it again. */
export function CriteriaPanel(props: {
  criteria: DealCriteria;
  strategy: Strategy;
  verdict: CriteriaVerdict;
}) {
  const [editing, setEditing] = useState(false);
  const canWrite = useCanWrite();
  const { criteria } = props;
  return (
    <section
      aria-labelledby="buy-box-title"
      className="rounded-2xl border border-line bg-surface p-4"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="buy-box-title" className="flex items-center gap-2 font-semibold">
          <Target aria-hidden className="size-4 text-muted" /> Buy box
        </h2>
        {hasCriteria(criteria) && !editing && canWrite && (
          <button type="button" onClick={() => setEditing(true)} className="btn-secondary">
            <Pencil aria-hidden className="size-4" /> Edit buy box
          </button>
        )}
      </div>
      {editing ? (
        <CriteriaForm
          criteria={criteria}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : !hasCriteria(criteria) ? (
        <div className="text-sm">
          <p className="font-medium">No buy box yet</p>
          {canWrite && (
            <>
              <p className="mt-1 text-muted">
                Save the criteria a deal must meet (a cap rate, a cash flow, a price…) and every
                analysis, list and report says whether it does.
              </p>
              <button type="button" onClick={() => setEditing(true)} className="btn-primary mt-3">
                Set your buy box
              </button>
            </>
          )}
        </div>
      ) : (
        <Verdict strategy={props.strategy} verdict={props.verdict} />
      )}
    </section>
  );
}

function Verdict(props: { strategy: Strategy; verdict: CriteriaVerdict }) {
  const { verdict } = props;
  return (
    <div className="space-y-3">
      <VerdictLine verdict={verdict} strategy={props.strategy} />
      {verdict.criteria.length > 0 && (
        <table className="w-full text-sm">
          <caption className="sr-only">Your criteria and this analysis's figures</caption>
          <thead className="text-left text-xs text-muted">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">
                Criterion
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                Target
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                This deal
              </th>
              <th scope="col" className="py-1 font-medium">
                Result
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {verdict.criteria.map((check) => (
              <tr key={check.name}>
                <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                  {CRITERIA[check.name].label}
                </th>
                <td className="py-1.5 pr-2 text-right tabular-nums">
                  {formatCriterion(check.name, check.target)}
                </td>
                <td className="py-1.5 pr-2 text-right tabular-nums">
                  {formatCriterion(check.name, check.value)}
                </td>
                <td className="py-1.5">
                  <PassMark pass={check.pass} className="font-medium" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

type CriteriaText = Record<CriterionName, string>;

const textOf = (criteria: DealCriteria) =>
  Object.fromEntries(
    CRITERION_NAMES.map((name) => [name, criteria[name] === null ? "" : String(criteria[name])]),
  ) as CriteriaText;

/** "8%", "$250,000" and "1.25" read as numbers; what is not one is left for the schema to name. */
const inputOf = (values: CriteriaText) =>
  Object.fromEntries(
    CRITERION_NAMES.map((name) => {
      const text = values[name].trim();
      return [name, text ? (parseNumberLike(text) ?? text) : ""];
    }),
  );

/** The buy box's fields, checked with the API's own schema; an empty field is no criterion. */
function CriteriaForm(props: {
  criteria: DealCriteria;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const save = useAnalysisChange(MESSAGES.saveDealCriteria);
  const form = useForm({
    schema: () => import("~/domain/deals/criteria").then((m) => m.DealCriteriaInputSchema),
    initial: textOf(props.criteria),
    idPrefix: "criteria",
    toInput: inputOf,
    onSubmit: async (input) => {
      if (await save({ intent: "criteria", input })) props.onSaved();
    },
  });
  return (
    <form onSubmit={form.submit} onFocus={form.onFocus} noValidate className="space-y-3">
      <p className="text-sm text-muted">
        Leave a field empty for no criterion. Percents as numbers: 8 means 8 %.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {CRITERION_NAMES.map((name) => (
          <TextField
            key={name}
            {...form.field(name)}
            label={`${CRITERIA[name].label} (${strategiesOf(name)})`}
            type="number"
            required={false}
          />
        ))}
      </div>
      <FormActions
        saving={form.saving}
        failure={form.failure}
        submitLabel="Save buy box"
        onCancel={props.onCancel}
      />
    </form>
  );
}
