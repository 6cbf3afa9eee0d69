import { cn } from '@/lib/cn';
import { i18n } from '@/lib/i18n/i18n';

export interface SpinnerProps {
  /** Text for screen readers and, when `showLabel`, shown beside the spinner. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

export function Spinner({ label, showLabel = false, className }: SpinnerProps) {
  label ??= i18n._('Loading...');
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-slate-600', className)}>
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-blue-600 border-t-transparent"
      />
      {showLabel ? <span>{label}</span> : <span className="sr-only">{label}</span>}
    </span>
  );
}
