/**
 * The deal analyzer: a strategy's inputs, its results recalculated on every keystroke by the same
 * domain functions the API runs, the projection and the loan's schedule; saved per property, sent
 * to the agent, printed as a one-page report. A viewer works the numbers, asks the agent and
 * prints; it saves, shares and deletes nothing.
 */
import { useNavigate, useRevalidator } from "@remix-run/react";
import { Bot, Printer, Save, Share2, Trash2 } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { Skeleton } from "~/components/skeleton";
import { ConfirmDialog, Modal } from "~/components/ui";
import { dealLoan } from "~/domain/deals/analyze";
import { judgeCriteria, type DealCriteria } from "~/domain/deals/criteria";
import {
  FORM_GROUPS,
  formOfInputs,
  newDealForm,
  readDealForm,
  typedAt,
  type DealFormValues,
} from "~/domain/deals/form";
import type { MetricExplanation } from "~/domain/deals/formulas";
import type { RuleCheck } from "~/domain/deals/judge";
import type { ItemizedSource } from "~/domain/deals/itemized";
import { itemizedProblemLabels } from "~/domain/deals/itemized-form";
import { dealReport } from "~/domain/deals/report";
import {
  DEAL_STRATEGIES,
  type DealInputs as StrategyInputs,
  type Strategy,
  type YearRow,
} from "~/domain/deals/types";
import type { LoanTerms } from "~/domain/deals/finance";
import { handoverMessage } from "~/domain/ai/handover";
import { formatAddress } from "~/domain/format";
import { label } from "~/domain/workspace";
import { modulePath } from "~/domain/modules";
import { entryBySlug } from "~/domain/resources/glossary";
import type { Deal, DealShare, RehabTemplate } from "~/lib/api/deals";
import { HistoryPanel } from "~/components/history-panel";
import type { RecordHistory } from "~/lib/record-history";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite } from "~/lib/module-data";
import type { PropertyDetail } from "~/lib/api/workspace";
import { chatStore } from "~/lib/stores/chat";
import { BackLink, toastFailure } from "../shared";
import { useAnalysisChange } from "./analysis-change";
import { CriteriaPanel } from "./criteria-panel";
import { DealInputs } from "./deal-inputs";
import { DealResults } from "./deal-results";
import { DealReport } from "./deal-report";
import { ItemizedInputs } from "./itemized-inputs";
import { AmortizationSchedule, ProjectionTable } from "./projection";
import { SensitivityGrid } from "./sensitivity-grid";
import { FilesPanel, type RecordFiles } from "../files/files-panel";
import { ShareLinks } from "./share-links";

/** What the results show: the last inputs that passed the checks. */
interface Worked {
  strategy: Strategy;
  explained: Record<string, MetricExplanation>;
  checks: RuleCheck[];
  years: YearRow[] | undefined;
  loan: LoanTerms | null;
  itemized: ItemizedSource;
  /** The checked inputs and their metrics: the buy box and the what-if grid read them. */
  inputs: StrategyInputs[Strategy];
  metrics: object;
}

function work(strategy: Strategy, form: DealFormValues) {
  const reading = readDealForm(strategy, form);
  if (!reading.ok) return { reading, worked: null };
  const { analysis, explained, checks, years } = dealReport(strategy, reading.checked);
  const worked: Worked = {
    strategy,
    explained,
    checks,
    years,
    loan: dealLoan(strategy, reading.checked),
    itemized: reading.checked,
    inputs: reading.checked,
    metrics: analysis.metrics,
  };
  return { reading, worked };
}

/** "purchase price and gross rent / month": the fields with a problem, as the form names them. */
function problemLabels(strategy: Strategy, errors: Record<string, string>) {
  const labels = FORM_GROUPS[strategy]
    .flatMap((group) => group.fields)
    .filter((field) => errors[field.path])
    .map((field) => field.label.toLowerCase());
  const unique = [...new Set([...labels, ...itemizedProblemLabels(errors)])];
  return unique.length > 1
    ? `${unique.slice(0, -1).join(", ")} and ${unique.at(-1)}`
    : (unique[0] ?? "the form");
}

export function DealAnalyzer(props: {
  /**
   * What the page's loader read: a saved analysis (null for a new one) and its property, or the
   * property a new one is for (its figures prefill the form); the analysis's live links and
   * files, the user's buy box and rehab line templates.
   */
  opened: {
    deal: Deal | null;
    property: PropertyDetail | null;
    shares: DealShare[];
    criteria: DealCriteria;
    templates: RehabTemplate[];
    /** A saved analysis's files and History (none read for a new one). */
    files: RecordFiles | null;
    history: RecordHistory | null;
  };
  strategy: Strategy | null;
  /** A glossary entry's slug: its figure is highlighted, with its formula, under Results. */
  term?: string | null;
  onBack: () => void;
  /** A new analysis was saved: show it under its id. */
  onSaved: (deal: Deal) => void;
}) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const canWrite = useCanWrite();
  const [strategy, setStrategy] = useState<Strategy>(props.strategy ?? "rental");
  const [form, setForm] = useState<DealFormValues | null>(null);
  const [name, setName] = useState("");
  const [saved, setSaved] = useState<Deal | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sharing, setSharing] = useState(false);
  // Until a save is tried, an empty field is not an error yet: only what was typed is checked.
  const [triedSave, setTriedSave] = useState(false);
  const propertyId = saved?.propertyId ?? props.opened.property?.id ?? null;
  const saveChange = useAnalysisChange(MESSAGES.saveDeal);
  const erase = useAnalysisChange(MESSAGES.deleteDeal);
  // While this page's save is on its way, the page read again after it holds what it saved.
  const ownSave = useRef(false);

  /** A saved analysis on screen: its name, strategy and figures in the form. */
  const showDeal = (deal: Deal) => {
    setSaved(deal);
    setStrategy(deal.strategy);
    setName(deal.name);
    setForm(formOfInputs(deal.strategy, deal.inputs as Record<string, unknown>));
  };

  const { opened } = props;
  const property = opened.property;
  // What the page opens is put in the form once; from then on the form is the user's. Read
  // again (the workspace changed behind the page), the same version of it changes nothing.
  const openedVersion = `${opened.deal?.id}@${opened.deal?.updatedAt}/${property?.id}`;
  const [filled, setFilled] = useState<string | null>(null);
  if (openedVersion !== filled) {
    setFilled(openedVersion);
    // The form may hold more than the save kept (another strategy's figures, "$185,000" as typed).
    if (ownSave.current && opened.deal) setSaved(opened.deal);
    else if (opened.deal) showDeal(opened.deal);
    else {
      setForm(newDealForm(property ?? undefined));
      setName(property ? property.address : "New analysis");
    }
    setTriedSave(false);
  }

  const { reading, worked } = useMemo(
    () => (form ? work(strategy, form) : { reading: null, worked: null }),
    [strategy, form],
  );
  // While a field is being fixed, the results stay at the last figures that added up.
  const lastWorked = useRef<Worked | null>(null);
  if (worked) lastWorked.current = worked;
  const shown = worked ?? (lastWorked.current?.strategy === strategy ? lastWorked.current : null);
  const verdict =
    shown && judgeCriteria(shown.strategy, shown.inputs, shown.metrics, opened.criteria);

  if (!form || !reading) return <Skeleton variant="default" />;
  const sought = props.term ? entryBySlug(props.term) : undefined;

  const errors = Object.fromEntries(
    Object.entries(reading.errors).filter(([path]) => triedSave || typedAt(form, path)?.trim()),
  );
  const body = () => ({
    name: name.trim(),
    strategy,
    inputs: reading.inputs,
    propertyId: propertyId ?? null,
    projectId: saved?.projectId ?? null,
    primary: saved?.primary ?? false,
  });

  const save = async () => {
    if (!reading.ok) {
      setTriedSave(true);
      toast.error("Fix the highlighted figures first");
      return;
    }
    setSaving(true);
    ownSave.current = true;
    try {
      // A saved analysis is changed against the version shown; a new one is made.
      const answer = await saveChange({
        intent: "save",
        input: body(),
        ...(saved && { version: saved.updatedAt }),
      });
      if (!answer || !("deal" in answer)) return;
      const { deal } = answer;
      setSaved(deal);
      toast.success(`Analysis “${deal.name}” saved`);
      if (!saved) props.onSaved(deal);
    } catch (error) {
      toastFailure(error);
    } finally {
      ownSave.current = false;
      setSaving(false);
    }
  };

  /**
   * Deletes the analysis shown (against its version), after the confirmation, then goes back. As
   * on the other records' pages, the confirmation stands in for an Undo: the page is left at
   * once, and a change sent from a page no longer shown would have no one to answer.
   */
  const remove = async () => {
    if (!saved) return;
    setConfirming(false);
    try {
      if (!(await erase({ intent: "delete", version: saved.updatedAt }))) return;
    } catch (error) {
      toastFailure(error);
      return;
    }
    toast(`Analysis “${saved.name}” deleted`);
    props.onBack();
  };

  const address = property ? formatAddress(property) : "";
  /**
   * Hands the analysis to the agent: its inputs as they are on screen (saved or not), so the
   * agent's analyze_deal works out the very figures the user sees. Its tools writing has the page
   * open by then read its records again.
   */
  const askAgent = async () => {
    if (!worked) return;
    const chat = chatStore.getState();
    chat.newChat();
    chat.setAgentMode(true);
    navigate(modulePath("main-agent"));
    const wrote = await chat.send(
      handoverMessage({
        name: name || "Untitled",
        address,
        strategy,
        inputs: reading.inputs,
        figures: worked.explained,
      }),
    );
    if (wrote) revalidate();
  };
  return (
    <div>
      <BackLink onBack={props.onBack}>
        {property ? `Back to ${property.address}` : "All properties"}
      </BackLink>
      <div className="print:hidden">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0 flex-1">
            <label htmlFor="deal-name" className="mb-1 block text-sm font-medium">
              Analysis name
            </label>
            <input
              id="deal-name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              className="input max-w-md"
              maxLength={200}
            />
            {address && <p className="mt-1 text-sm text-muted">{address}</p>}
          </div>
          <div className="flex flex-wrap gap-2">
            {canWrite && (
              <button
                type="button"
                onClick={() => void save()}
                disabled={saving}
                className="btn-primary"
              >
                <Save aria-hidden className="mr-1.5 size-4" />{" "}
                {saved ? "Save changes" : "Save analysis"}
              </button>
            )}
            <button type="button" onClick={() => window.print()} className="btn-secondary">
              <Printer aria-hidden className="size-4" /> Print / PDF
            </button>
            <button
              type="button"
              onClick={() => void askAgent()}
              disabled={!reading.ok}
              title={reading.ok ? undefined : "Fix the highlighted figures first"}
              className="btn-secondary disabled:opacity-50"
            >
              <Bot aria-hidden className="size-4" /> Ask the agent
            </button>
            {saved && canWrite && (
              <button type="button" onClick={() => setSharing(true)} className="btn-secondary">
                <Share2 aria-hidden className="size-4" /> Share
              </button>
            )}
            {saved && canWrite && (
              <button type="button" onClick={() => setConfirming(true)} className="btn-secondary">
                <Trash2 aria-hidden className="size-4" /> Delete
              </button>
            )}
          </div>
        </div>

        <div
          role="group"
          aria-label="Strategy"
          className="mb-4 flex w-fit rounded-lg border border-line p-0.5"
        >
          {DEAL_STRATEGIES.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === strategy}
              onClick={() => setStrategy(option)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${option === strategy ? "bg-accent text-accent-fg" : "text-muted hover:bg-raised hover:text-fg"}`}
            >
              {label(option)}
            </button>
          ))}
        </div>

        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <section aria-label="Inputs" className="min-w-0">
            <DealInputs strategy={strategy} form={form} errors={errors} onChange={setForm} />
            <ItemizedInputs
              strategy={strategy}
              form={form}
              errors={errors}
              onChange={setForm}
              templates={opened.templates}
            />
          </section>
          <section aria-label="Results" className="space-y-6 lg:sticky lg:top-4">
            {!reading.ok && (
              <p
                role="status"
                className="rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm"
              >
                {shown
                  ? `Showing the last figures that added up: check ${problemLabels(strategy, reading.errors)} to update them.`
                  : `Fill in ${problemLabels(strategy, reading.errors)} to see the figures${sought ? `: ${sought.term} is highlighted here, with its formula` : ""}.`}
              </p>
            )}
            {shown && (
              <DealResults
                strategy={shown.strategy}
                explained={shown.explained}
                checks={shown.checks}
                term={sought?.slug}
              />
            )}
            {shown && verdict && (
              <CriteriaPanel
                criteria={opened.criteria}
                strategy={shown.strategy}
                verdict={verdict}
              />
            )}
          </section>
        </div>
        {shown && (
          <div className="mt-6">
            <SensitivityGrid
              strategy={shown.strategy}
              inputs={shown.inputs}
              metrics={shown.metrics}
              criteria={opened.criteria}
            />
          </div>
        )}
        {shown?.years && (
          <div className="mt-6">
            <ProjectionTable years={shown.years} />
          </div>
        )}
        {shown?.loan && (
          <div className="mt-6">
            <AmortizationSchedule
              loan={shown.loan}
              title={strategy === "brrrr" ? "Refinance loan schedule" : "Loan schedule"}
            />
          </div>
        )}
        {saved && opened.files && (
          <FilesPanel ownerType="deal" ownerId={saved.id} files={opened.files} className="mt-6" />
        )}
        {saved && opened.history && <HistoryPanel history={opened.history} className="mt-6" />}
      </div>
      {shown && (
        <DealReport
          name={name}
          address={address}
          strategy={shown.strategy}
          explained={shown.explained}
          checks={shown.checks}
          years={shown.years}
          itemized={shown.itemized}
          buyBox={verdict}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this analysis?"
        message={saved && <>“{saved.name}” will be deleted. Its property stays.</>}
        confirmLabel="Delete analysis"
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
      <Modal open={sharing} title="Share this analysis" onClose={() => setSharing(false)}>
        {sharing && saved && <ShareLinks shares={opened.shares} />}
      </Modal>
    </div>
  );
}
