import { Eye, EyeOff } from "lucide-react";

export function PasswordInput(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  visible: boolean;
  onToggle: () => void;
  autoComplete: string;
}) {
  const what = props.label.toLowerCase();
  return (
    <div>
      <label htmlFor={props.id} className="mb-1.5 block text-sm font-medium">
        {props.label}
      </label>
      <div className="relative">
        <input
          id={props.id}
          name={props.id}
          type={props.visible ? "text" : "password"}
          required
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          autoComplete={props.autoComplete}
          className="input pr-11"
        />
        <button
          type="button"
          onClick={props.onToggle}
          aria-label={`${props.visible ? "Hide" : "Show"} ${what}`}
          aria-pressed={props.visible}
          className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-muted hover:text-fg"
        >
          {props.visible ? (
            <EyeOff aria-hidden className="size-4" />
          ) : (
            <Eye aria-hidden className="size-4" />
          )}
        </button>
      </div>
    </div>
  );
}
