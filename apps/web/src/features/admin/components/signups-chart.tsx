// Sign-ups per day for the last 30 days, drawn by the shared daily bar chart.
import { DailyBarChart } from '@/components/ui/daily-bar-chart';
import { i18n } from '@/lib/i18n/i18n';

export interface SignupsChartProps {
  data: { day: string; count: number }[];
}

export function SignupsChart({ data }: SignupsChartProps) {
  const max = Math.max(0, ...data.map((d) => d.count));
  const total = data.reduce((s, d) => s + d.count, 0);
  return (
    <DailyBarChart
      bars={data.map((d) => ({ day: d.day, value: d.count }))}
      label={i18n._('Sign-ups per day, last {length} days: {total} in total, at most {max} on one day.', {
        length: data.length,
        total,
        max,
      })}
      barTestId="signup-bar"
      barClassName="fill-blue-600"
      caption={i18n._(
        '{total, plural, one {# sign-up} other {# sign-ups}} in the last {length, plural, one {# day} other {# days}}',
        { total, length: data.length },
      )}
    />
  );
}
