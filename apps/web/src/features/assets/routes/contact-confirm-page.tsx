// /contact/confirm?token=…: the link mailed to a visitor who wrote to an owner. Opening it confirms
// their address and relays the message once (contact-owner, action "confirm").
import { useSearchParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { toAppError } from '@/lib/api-error';
import { useConfirmContactMessage } from '../api/contact-owner';
import { ContactConfirmResult, confirmStateOf } from '../components/contact-confirm-result';
import { i18n } from '@/lib/i18n/i18n';

export default function ContactConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmContactMessage(token);
  const state = confirmStateOf(confirm.data, confirm.error ? toAppError(confirm.error) : null, token.length > 0);
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <PageMeta
        title={i18n._('Send your message')}
        description={i18n._('Confirm your e-mail address to send your message to the owner.')}
      />
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{i18n._('Your message to the owner')}</h1>
      <ContactConfirmResult state={state} onRetry={() => void confirm.refetch()} />
    </div>
  );
}
