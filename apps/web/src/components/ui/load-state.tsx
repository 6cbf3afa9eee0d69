// The two non-list states every admin list shows in place of its rows: a centred spinner while
// loading, and the error text with a Retry button ('Error: …' + Retry); and the banner a screen
// that still shows what it has puts above it when a read failed. No data fetching.
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

/** Above a screen that stays usable (the wallet, referrals, the admin dashboard): what failed, and Retry. */
export function RetryBanner({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <span>{message}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {i18n._('Retry')}
      </Button>
    </div>
  );
}
