/**
 * The comps' ARV range drawn: a strip from the lowest to the highest value the comps imply for
 * the subject, a dot per comp, the comps' ARV marked (and the ARV typed, when there is one). Plain
 * SVG; its text equivalent is its label and the figures printed under it.
 */
import { formatMoney } from "~/domain/format";

const WIDTH = 300;
const PAD = 12;

export function ArvRange(props: {
  low: number;
  high: number;
  arv: number;
  /** Each readable comp's value for the subject. */
  implied: readonly number[];
  /** The ARV typed in the form, when there is one. */
  typed?: number;
}) {
  const { low, high, arv, typed } = props;
  const from = Math.min(low, typed ?? low);
  const to = Math.max(high, typed ?? high);
  // One comp (or all alike) draws a point in the middle of the strip.
  const span = to - from || 1;
  const x = (value: number) =>
    to === from ? WIDTH / 2 : PAD + ((value - from) / span) * (WIDTH - 2 * PAD);
  const label = `ARV range from the comps: ${formatMoney(low)} to ${formatMoney(high)}, the comps' ARV ${formatMoney(arv)}${typed === undefined ? "" : `, the ARV typed ${formatMoney(typed)}`}`;
  return (
    <figure className="space-y-1">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${WIDTH} 36`}
        className="h-auto w-full max-w-md text-accent"
      >
        <line x1={PAD} x2={WIDTH - PAD} y1={18} y2={18} className="stroke-line" strokeWidth={2} />
        <rect
          x={x(low)}
          width={Math.max(2, x(high) - x(low))}
          y={12}
          height={12}
          rx={3}
          className="fill-current opacity-30"
        />
        {props.implied.map((value, index) => (
          <circle key={index} cx={x(value)} cy={18} r={3.5} className="fill-current" />
        ))}
        <line x1={x(arv)} x2={x(arv)} y1={4} y2={32} className="stroke-current" strokeWidth={3} />
        {typed !== undefined && (
          <line
            x1={x(typed)}
            x2={x(typed)}
            y1={2}
            y2={34}
            className="stroke-fg"
            strokeWidth={2}
            strokeDasharray="3 2"
          />
        )}
      </svg>
      <figcaption className="flex max-w-md flex-wrap justify-between gap-x-3 text-xs text-muted tabular-nums">
        <span>Low {formatMoney(low)}</span>
        <span className="font-semibold text-fg">ARV {formatMoney(arv)}</span>
        <span>High {formatMoney(high)}</span>
        {typed !== undefined && (
          <span className="w-full">Dashed: the ARV typed, {formatMoney(typed)}</span>
        )}
      </figcaption>
    </figure>
  );
}
