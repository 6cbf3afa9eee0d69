// What My Assets and Public Assets show in place of their list while a page loads or after it
// failed (the error and Try again), else the list itself. The empty list is each screen's own.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';

interface AssetListStatesProps {
  /** True while there is no page to show yet. */
  loading: boolean;
  loadingLabel: string;
  /** The failed read, or null; Try again asks again. */
  failure: { title: string; error: unknown; retry: () => void } | null;
  children: ReactNode;
}

export function AssetListStates({ loading, loadingLabel, failure, children }: AssetListStatesProps) {
  if (loading)
    return (
      <div className="flex justify-center py-16">
        <Spinner label={loadingLabel} showLabel />
      </div>
    );
  if (failure)
    return (
      <EmptyState
        title={failure.title}
        description={toAppError(failure.error).message}
        action={<Button onClick={failure.retry}>{i18n._('Try again')}</Button>}
      />
    );
  return <>{children}</>;
}
