import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

export function StatCard({
  label,
  value,
  icon,
  tone = 'text-slate-900',
}: {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  tone?: string;
}) {
  return (
    <Card className="p-4">
      <div className="flex items-center justify-between text-sm text-slate-600">
        <span>{label}</span>
        {icon && <span aria-hidden="true">{icon}</span>}
      </div>
      <p className={`mt-2 text-2xl font-semibold ${tone}`}>{value}</p>
    </Card>
  );
}
