// The owner's answer to an unwanted relayed message, opened from the links in the mail: block the
// sender (their later messages are silently not relayed) or report abuse to moderators (which
// also blocks them). The database checks that the message is the caller's.
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { toAppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';
import { paths } from '@/config/paths';

export type SenderAction = 'block' | 'report';

const TEXT: Record<SenderAction, { intro: string; button: string; done: string }> = {
  block: {
    intro:
      /*i18n*/ 'Messages this sender writes to you later will not be relayed, and they will not be told. You can unblock them in Settings.',
    button: /*i18n*/ 'Block this sender',
    done: /*i18n*/ 'The sender is blocked. You can unblock them in Settings.',
  },
  report: {
    intro:
      /*i18n*/ 'Our moderators will review this message. Reporting also blocks the sender, so you get no more messages from them.',
    button: /*i18n*/ 'Report abuse',
    done: /*i18n*/ 'Thank you. The message was reported to our moderators and the sender is blocked.',
  },
};

export function SenderActionForm({
  action,
  onConfirm,
}: {
  action: SenderAction;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const text = TEXT[action];

  if (done) {
    return (
      <div role="status" className="space-y-2 rounded-md bg-green-50 p-4 text-sm text-green-900">
        <p>{i18n._(text.done)}</p>
        <Link to={paths.settings} className="text-blue-700 underline">
          {i18n._('Blocked senders in Settings')}
        </Link>
      </div>
    );
  }
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        setPending(true);
        onConfirm(reason).then(
          () => setDone(true),
          (err: unknown) => {
            setPending(false);
            setError(toAppError(err).message);
          },
        );
      }}
    >
      <p className="text-sm text-slate-700">{i18n._(text.intro)}</p>
      {action === 'report' && (
        <FormField label={i18n._('What is wrong with it? (optional)')}>
          <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={1000} />
        </FormField>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <Button type="submit" variant="danger" loading={pending}>
        {i18n._(text.button)}
      </Button>
    </form>
  );
}
