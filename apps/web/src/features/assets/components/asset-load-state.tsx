// What an asset screen shows before its asset is there: a spinner while it loads, then, when it
// failed or does not exist (or is not shared), why, with the way back to the list.
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toAppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';

export function AssetLoading() {
  return (
    <div className="flex justify-center py-24">
      <Spinner label={i18n._('Loading asset...')} showLabel />
    </div>
  );
}

interface AssetUnavailableProps {
  title: string;
  /** The load error, when there was one (a missing asset has none). */
  error: unknown;
  backTo: string;
  backLabel: string;
}

export function AssetUnavailable({ title, error, backTo, backLabel }: AssetUnavailableProps) {
  return (
    <EmptyState
      className="py-24"
      title={title}
      description={error ? toAppError(error).message : undefined}
      action={
        <Link to={backTo} className={buttonClasses('primary')}>
          {backLabel}
        </Link>
      }
    />
  );
}
