/**
 * Links one record (a property, project, contact or analysis) by searching for it on the server,
 * so a workspace of thousands is linked as easily as one of ten. The ARIA combobox pattern with a
 * listbox popup: focus stays in the text box, the arrows move through the matches
 * (aria-activedescendant), Enter chooses, Escape closes and puts back the linked record's name.
 * The matches and the linked record's name are read by fetchers from the records' route
 * (/records/<kind>), the newest read winning: a fetcher's next load cancels the one under way.
 */
import { Check } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { formatCount } from "~/domain/format";
import type { Refused } from "~/lib/record-action";
import { useResourceRead } from "~/lib/use-resource-read";
import {
  recordsPath,
  SEARCH_FAILED,
  type PickedKind,
  type RecordMatches,
  type RecordOption,
} from "~/lib/record-choices";
import { FieldError, Label } from "./form";

const SEARCH_DELAY_MS = 200;
const GONE = "A record that is no longer there";

/** The search for `q` as it stands: its matches, why there are none, or still asking. */
function statusOf(kind: PickedKind, found: RecordMatches | Refused | undefined, q: string) {
  if (!found) return "Searching…";
  if ("message" in found) return `${SEARCH_FAILED[kind]}: ${found.message}`;
  if (found.items.length === 0) return q ? "No matches" : "Nothing to link yet";
  if (found.total > found.items.length)
    return `${found.items.length} of ${formatCount(found.total)} shown: type to narrow`;
  return found.total === 1 ? "1 match" : `${found.total} matches`;
}

export function RecordPicker(props: {
  id: string;
  label: string;
  /** The linked record's id; "" for none. */
  value: string;
  onChange: (id: string, label: string) => void;
  /** What is linked, searched for and named through /records/<kind>. */
  kind: PickedKind;
  /** The kind's list's own filters, by the API's names: the analyses of one property. */
  filters?: Record<string, string>;
  /** Records not to offer (the contacts a project has already). */
  except?: ReadonlySet<string>;
  /** The choice that links nothing ("None"); without it a record must be chosen. */
  noneLabel?: string;
  /** Said to screen readers only, where the surroundings say what the box is for. */
  hideLabel?: boolean;
  error?: string;
  /** The field the chosen record's id is posted as, when the picker is in a form an action reads. */
  name?: string;
}) {
  const { id, kind, value, except } = props;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [open, setOpen] = useState(false);
  /** What was typed since the list opened; null shows the first page under the linked name. */
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  /** Names of the records seen in the list or chosen, so linking one asks for nothing more. */
  const names = useRef(new Map<string, string>());
  const q = (typed ?? "").trim();

  const known = value ? names.current.get(value) : undefined;
  const named = useResourceRead<RecordOption | Refused>(
    value && known === undefined ? recordsPath(kind, { id: value }) : null,
  );
  const linkedLabel =
    known ??
    (!value || named.loading || !named.answer
      ? ""
      : "message" in named.answer
        ? GONE
        : named.answer.label);

  const search = useResourceRead<RecordMatches | Refused>(
    open ? recordsPath(kind, { ...props.filters, q }) : null,
    q ? SEARCH_DELAY_MS : 0,
  );
  const { answer } = search;
  const matches = answer && "items" in answer ? offeredOf(answer, except) : undefined;
  useEffect(() => {
    if (answer && "items" in answer)
      for (const record of answer.items) names.current.set(record.id, record.label);
  }, [answer]);

  const options: RecordOption[] = [
    ...(props.noneLabel === undefined ? [] : [{ id: "", label: props.noneLabel }]),
    ...(matches?.items ?? []),
  ];
  const activeOption = open ? options[active] : undefined;
  const activeId = activeOption ? optionId(active) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  const close = () => {
    setOpen(false);
    setTyped(null);
    setActive(-1);
  };
  const choose = (option: RecordOption) => {
    names.current.set(option.id, option.label);
    props.onChange(option.id, option.id ? option.label : "");
    close();
  };
  const move = (step: number) => {
    if (!open) setOpen(true);
    setActive((index) => Math.min(Math.max(index + step, 0), Math.max(options.length - 1, 0)));
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      // Alt+arrow opens or closes the list without moving through it.
      if (event.altKey && event.key === "ArrowUp") close();
      else if (event.altKey) setOpen(true);
      else move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter" && open) {
      // Choosing, not submitting the form.
      event.preventDefault();
      if (activeOption) choose(activeOption);
    } else if (event.key === "Escape" && open) {
      // Closes the list, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  }

  return (
    <div className="relative">
      {!props.hideLabel && <Label id={id} label={props.label} />}
      {props.name && <input type="hidden" name={props.name} value={value} />}
      <input
        id={id}
        type="text"
        role="combobox"
        aria-label={props.hideLabel ? props.label : undefined}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        autoComplete="off"
        spellCheck={false}
        value={typed ?? linkedLabel}
        placeholder={props.noneLabel ?? "Type to search"}
        onChange={(event) => {
          setTyped(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onClick={() => setOpen(true)}
        onFocus={(event) => event.currentTarget.select()}
        onBlur={close}
        className="input"
      />
      <div
        hidden={!open}
        className="absolute inset-x-0 z-30 mt-1 overflow-hidden rounded-xl border border-line bg-surface shadow-xl"
      >
        <ul
          id={listId}
          role="listbox"
          aria-label={`${props.label} matches`}
          className="max-h-64 overflow-y-auto py-1"
        >
          {open &&
            options.map((option, index) => (
              <li
                key={option.id || "none"}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                // Keeps the focus in the text box, which would close the list on blur.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${index === active ? "bg-raised" : ""} ${option.id ? "" : "text-muted"}`}
              >
                <span className="min-w-0 flex-1 truncate">{option.label}</span>
                {option.id === value && <Check aria-hidden className="size-4 text-accent" />}
              </li>
            ))}
        </ul>
        <p role="status" className="border-t border-line px-3 py-2 text-xs text-muted">
          {open ? statusOf(kind, search.loading ? undefined : (matches ?? answer), q) : ""}
        </p>
      </div>
      <FieldError id={id} error={props.error} />
    </div>
  );
}

/** The matches without the records not to offer, counted out of the total too. */
function offeredOf(found: RecordMatches, except: ReadonlySet<string> | undefined): RecordMatches {
  if (!except) return found;
  const offered = found.items.filter((record) => !except.has(record.id));
  return { items: offered, total: found.total - (found.items.length - offered.length) };
}
