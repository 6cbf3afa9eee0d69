// Sign-ups per day for the last 30 days, drawn by the shared daily bar chart.
import { DailyBarChart } from '@/components/ui/daily-bar-chart';

export interface SignupsChartProps {
  data: { day: string; count: number }[];
}

export function SignupsChart({ data }: SignupsChartProps) {
  const max = Math.max(0, ...data.map((d) => d.count));
  const total = data.reduce((s, d) => s + d.count, 0);
  return (
    <DailyBarChart
      bars={data.map((d) => ({ day: d.day, value: d.count }))}
      label={`Sign-ups per day, last ${data.length} days: ${total} in total, at most ${max} on one day.`}
      barTestId="signup-bar"
      barClassName="fill-blue-600"
      caption={`${total} sign-ups in the last ${data.length} days`}
    />
  );
}
