// Asks for the reason every moderation action needs (it goes to the log, and into the warning
// e-mail for "Warn user"), then runs the action.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { toAppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';
import { ACTION_LABELS, isDestructive, type LoggedAction } from '../lib/actions';

const MAX_REASON = 1000;

export function ActionDialog({
  action,
  subject,
  onClose,
  onConfirm,
}: {
  action: LoggedAction | 'ban' | null;
  /** What the action is about, shown in the dialog's description. */
  subject: string;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const close = () => {
    setReason('');
    setError(null);
    setPending(false);
    onClose();
  };
  return (
    <Modal
      open={action !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={action ? i18n._(ACTION_LABELS[action]) : ''}
      description={subject}
    >
      <form
        className="space-y-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const text = reason.trim();
          if (!text) return setError(i18n._('Give a reason: it goes to the moderation log'));
          if (text.length > MAX_REASON)
            return setError(i18n._('The reason must be at most {max} characters', { max: MAX_REASON }));
          setError(null);
          setPending(true);
          onConfirm(text).then(close, (err: unknown) => {
            setPending(false);
            setError(toAppError(err).message);
          });
        }}
      >
        <FormField
          label={i18n._('Reason')}
          required
          hint={action === 'warn_user' ? i18n._('The user receives this reason in the warning e-mail.') : undefined}
          error={error ?? undefined}
        >
          <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={4} maxLength={MAX_REASON} />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={close}>
            {i18n._('Cancel')}
          </Button>
          <Button type="submit" variant={action && isDestructive(action) ? 'danger' : 'primary'} loading={pending}>
            {action ? i18n._(ACTION_LABELS[action]) : ''}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
