// One bar per day as an inline SVG (no chart library), used for the admin dashboard's figures.
// Each bar has a <title> for hover; the figure's aria-label carries the text summary for screen
// readers, and the first and last day label the axis.
import { parseISO } from 'date-fns';
import { formatDate } from '@/lib/i18n/format';

export interface DailyBar {
  /** ISO date (yyyy-MM-dd). */
  day: string;
  value: number;
  /** Hover text for the bar; defaults to "MMM d: value". */
  title?: string;
}

export interface DailyBarChartProps {
  bars: DailyBar[];
  /** The text summary read by screen readers. */
  label: string;
  /** data-testid on each bar, for tests. */
  barTestId: string;
  /** Tailwind fill class of the bars. */
  barClassName: string;
  caption?: string;
}

const WIDTH = 600;
const HEIGHT = 160;
const PAD_BOTTOM = 2;

const dayLabel = (day: string) => formatDate(parseISO(day), { year: false });

export function DailyBarChart({ bars, label, barTestId, barClassName, caption }: DailyBarChartProps) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = bars.length ? WIDTH / bars.length : WIDTH;
  return (
    <figure className="w-full">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={label}
        className="h-40 w-full"
        preserveAspectRatio="none"
      >
        <line x1="0" y1={HEIGHT - PAD_BOTTOM} x2={WIDTH} y2={HEIGHT - PAD_BOTTOM} stroke="#cbd5e1" strokeWidth="1" />
        {bars.map((b, i) => {
          const h = ((HEIGHT - PAD_BOTTOM - 4) * b.value) / max;
          return (
            <rect
              key={b.day}
              data-testid={barTestId}
              x={i * slot + slot * 0.15}
              y={HEIGHT - PAD_BOTTOM - h}
              width={slot * 0.7}
              height={Math.max(h, 0)}
              rx="2"
              className={barClassName}
            >
              <title>{b.title ?? `${dayLabel(b.day)}: ${b.value}`}</title>
            </rect>
          );
        })}
      </svg>
      {bars.length > 0 && (
        <div className="flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>{dayLabel(bars[0]!.day)}</span>
          <span>{dayLabel(bars[bars.length - 1]!.day)}</span>
        </div>
      )}
      {caption && <figcaption className="mt-1 text-xs text-slate-500">{caption}</figcaption>}
    </figure>
  );
}
