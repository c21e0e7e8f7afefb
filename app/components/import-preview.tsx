/** What Import Data does with records that are already here: skip them or update them. */
import type { ExistingRows } from "~/lib/api/workspace";

const CHOICES: { value: ExistingRows; label: string; hint: string }[] = [
  { value: "skip", label: "Skip existing", hint: "leave what you have as it is" },
  {
    value: "update",
    label: "Update existing",
    hint: "take the file's changes; your edits and anything the file leaves empty are kept",
  },
];

/** Records already here: skip them or update them. */
export function ExistingChoice(props: {
  value: ExistingRows;
  onChange: (value: ExistingRows) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-wrap gap-x-6 gap-y-2 text-sm" disabled={props.disabled}>
      <legend className="sr-only">Records that are already here</legend>
      {CHOICES.map((choice) => (
        <label key={choice.value} className="flex cursor-pointer items-center gap-2">
          <input
            type="radio"
            name="existing-rows"
            value={choice.value}
            checked={props.value === choice.value}
            onChange={() => props.onChange(choice.value)}
            className="size-4 accent-[var(--accent)]"
          />
          <span>
            {choice.label} <span className="text-muted">({choice.hint})</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
