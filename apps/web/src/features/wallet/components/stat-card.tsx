import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

export function StatCard({
  label,
  value,
  icon,
  tone = 'text-slate-900',
  note,
}: {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  tone?: string;
  /** A line under the value (e.g. what is owed beside the balance). */
  note?: string | undefined;
}) {
  return (
    <Card className="p-4">
      <div className="flex items-center justify-between text-sm text-slate-600">
        <span>{label}</span>
        {icon && <span aria-hidden="true">{icon}</span>}
      </div>
      <p className={`mt-2 text-2xl font-semibold ${tone}`}>{value}</p>
      {note && <p className="mt-1 text-sm text-amber-800">{note}</p>}
    </Card>
  );
}
