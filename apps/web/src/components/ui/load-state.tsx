// The two non-list states every admin list shows in place of its rows: a centred spinner while
// loading, and the error text with a Retry button (SPEC: 'Error: …' + Retry). No data fetching.
import { Button } from './button';
import { Spinner } from './spinner';
import { i18n } from '@/lib/i18n/i18n';

export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-12">
      <Spinner label={label} showLabel />
    </div>
  );
}

export function ErrorRetry({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-10">
      <p role="alert" className="text-red-700">
        {i18n._('Error: {message}', { message })}
      </p>
      <Button variant="outline" onClick={onRetry}>
        {i18n._('Retry')}
      </Button>
    </div>
  );
}
