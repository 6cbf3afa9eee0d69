// Sign-ups per day for the last 30 days as an inline SVG bar chart (no chart library). Each bar
// has a <title> for hover and the figure has a text summary for screen readers.
import { format, parseISO } from 'date-fns';

export interface SignupsChartProps {
  data: { day: string; count: number }[];
}

const WIDTH = 600;
const HEIGHT = 160;
const PAD_BOTTOM = 2;

export function SignupsChart({ data }: SignupsChartProps) {
  const max = Math.max(1, ...data.map((d) => d.count));
  const total = data.reduce((s, d) => s + d.count, 0);
  const slot = data.length ? WIDTH / data.length : WIDTH;
  const label = `Sign-ups per day, last ${data.length} days: ${total} in total, at most ${max === 1 && total === 0 ? 0 : max} on one day.`;
  return (
    <figure className="w-full">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-40 w-full" preserveAspectRatio="none">
        <line x1="0" y1={HEIGHT - PAD_BOTTOM} x2={WIDTH} y2={HEIGHT - PAD_BOTTOM} stroke="#cbd5e1" strokeWidth="1" />
        {data.map((d, i) => {
          const h = ((HEIGHT - PAD_BOTTOM - 4) * d.count) / max;
          return (
            <rect
              key={d.day}
              data-testid="signup-bar"
              x={i * slot + slot * 0.15}
              y={HEIGHT - PAD_BOTTOM - h}
              width={slot * 0.7}
              height={Math.max(h, 0)}
              rx="2"
              className="fill-blue-600"
            >
              <title>{`${format(parseISO(d.day), 'MMM d')}: ${d.count}`}</title>
            </rect>
          );
        })}
      </svg>
      {data.length > 0 && (
        <div className="flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>{format(parseISO(data[0]!.day), 'MMM d')}</span>
          <span>{format(parseISO(data[data.length - 1]!.day), 'MMM d')}</span>
        </div>
      )}
      <figcaption className="mt-1 text-xs text-slate-500">{total} sign-ups in the last {data.length} days</figcaption>
    </figure>
  );
}
