// Recalling a whole product line from its page: every unit's scan page then says "recalled" (the
// database function marks the units). A confirmation comes first because customers see it at once;
// a recalled product can be restored, which puts its recalled units back to active. A recall a
// moderator made is shown with the moderator's reason and no way to end it: only a moderator can
// (the database refuses the business too).
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { i18n } from '@/lib/i18n/i18n';
import { formatDate } from '@/lib/i18n/format';
import { paths } from '@/config/paths';

export interface ProductRecallProps {
  name: string;
  status: 'active' | 'recalled';
  /** The moderator's recall standing on the product, if any: when, and the reason they gave. */
  moderatorRecall?: { at: string; reason: string } | null;
  onChange(status: 'active' | 'recalled'): Promise<void>;
}

export function ProductRecall({ name, status, moderatorRecall, onChange }: ProductRecallProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async (next: 'active' | 'recalled') => {
    setBusy(true);
    try {
      await onChange(next);
      setConfirming(false);
    } catch {
      // The caller has reported the error; the dialog stays open so the user can retry or cancel.
    } finally {
      setBusy(false);
    }
  };

  if (status === 'recalled' && moderatorRecall) {
    return (
      <div role="status" className="mt-4 space-y-1 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
        <p className="font-medium">
          {i18n._('A moderator recalled this product on {date}. Every unit’s scan page tells customers so.', {
            date: formatDate(moderatorRecall.at),
          })}
        </p>
        <p className="break-words">{i18n._('The moderator’s reason: {reason}', { reason: moderatorRecall.reason })}</p>
        <p>
          {i18n._('Only a moderator can end this recall.')}{' '}
          <Link to={paths.support} className="underline">
            {i18n._('Think it is wrong? Contact support')}
          </Link>
        </p>
      </div>
    );
  }
  if (status === 'recalled') {
    return (
      <div
        role="status"
        className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3"
      >
        <p className="text-sm text-amber-900">
          {i18n._('This product is recalled: every unit’s scan page tells customers so.')}
        </p>
        <Button variant="outline" size="sm" loading={busy} onClick={() => void run('active')}>
          {i18n._('End the recall')}
        </Button>
      </div>
    );
  }
  return (
    <>
      <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
        {i18n._('Recall product')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={i18n._('Recall {name}?', { name })}
        message={i18n._(
          'Every unit of this product will be marked recalled and its scan page will tell customers to stop using it. Units a moderator marked counterfeit keep that verdict.',
        )}
        confirmLabel={i18n._('Recall product')}
        cancelLabel={i18n._('Cancel')}
        destructive
        loading={busy}
        onConfirm={() => void run('recalled')}
      />
    </>
  );
}
