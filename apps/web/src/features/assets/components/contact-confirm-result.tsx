// What the visitor sees after opening the confirmation link from their e-mail.
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { AppError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';

export type ConfirmState =
  | { kind: 'pending' }
  | { kind: 'sent' }
  | { kind: 'already_sent' }
  | { kind: 'expired' }
  | { kind: 'invalid' }
  | { kind: 'error'; message: string };

/** Maps the server's answer (or refusal) to what the page shows. */
export function confirmStateOf(
  result: { status: 'sent' | 'already_sent' } | undefined,
  error: AppError | null,
  hasToken: boolean,
): ConfirmState {
  if (!hasToken) return { kind: 'invalid' };
  if (error) {
    if (error.code === 'expired') return { kind: 'expired' };
    if (error.code === 'invalid_token' || error.code === 'invalid') return { kind: 'invalid' };
    return { kind: 'error', message: error.message };
  }
  if (!result) return { kind: 'pending' };
  return { kind: result.status };
}

function Notice({ ok, title, children }: { ok: boolean; title: string; children: ReactNode }) {
  const Icon = ok ? CheckCircle2 : AlertTriangle;
  return (
    <div
      role={ok ? 'status' : 'alert'}
      className={`flex gap-3 rounded-md p-4 ${ok ? 'bg-green-50 text-green-900' : 'bg-amber-50 text-amber-900'}`}
    >
      <Icon className="h-7 w-7 shrink-0" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold" data-testid="contact-confirm-title">
          {title}
        </p>
        <div className="text-sm">{children}</div>
      </div>
    </div>
  );
}

export function ContactConfirmResult({ state, onRetry }: { state: ConfirmState; onRetry?: () => void }) {
  switch (state.kind) {
    case 'pending':
      return <Spinner showLabel label={i18n._('Confirming your address and sending your message...')} />;
    case 'sent':
      return (
        <Notice ok title={i18n._('Your message was sent to the owner')}>
          {i18n._('Thank you for confirming your address. If the owner replies, you will get an e-mail.')}
        </Notice>
      );
    case 'already_sent':
      return (
        <Notice ok title={i18n._('This message was already sent')}>
          {i18n._('You opened this link before, and the owner has your message. There is nothing more to do.')}
        </Notice>
      );
    case 'expired':
      return (
        <Notice ok={false} title={i18n._('This link has expired')}>
          {i18n._('Links work for 24 hours. Nothing was sent: write your message again from the item’s page.')}
        </Notice>
      );
    case 'invalid':
      return (
        <Notice ok={false} title={i18n._('This link is not valid')}>
          {i18n._(
            'Open the whole link from the e-mail we sent you. If it still does not work, write your message again.',
          )}
        </Notice>
      );
    case 'error':
      return (
        <Notice ok={false} title={i18n._('Your message was not sent')}>
          <p>{state.message}</p>
          {onRetry && (
            <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
              {i18n._('Try again')}
            </Button>
          )}
        </Notice>
      );
  }
}
