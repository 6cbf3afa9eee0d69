// Shared body of /contact/block and /contact/report (?message=<id> from the relayed mail).
import { useSearchParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { blockContactSender, reportContactAbuse } from '../api/contact-owner';
import { SenderActionForm, type SenderAction } from '../components/sender-action-form';
import { i18n } from '@/lib/i18n/i18n';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function SenderActionScreen({ action }: { action: SenderAction }) {
  const [params] = useSearchParams();
  const messageId = params.get('message') ?? '';
  const title = action === 'block' ? i18n._('Block this sender') : i18n._('Report abuse');
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <PageMeta title={title} description={i18n._('Stop unwanted messages relayed to you about your items.')} />
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
      {UUID.test(messageId) ? (
        <SenderActionForm
          action={action}
          onConfirm={(reason) =>
            action === 'block' ? blockContactSender(messageId) : reportContactAbuse(messageId, reason)
          }
        />
      ) : (
        <p role="alert" className="text-sm text-red-700">
          {i18n._('This link is not valid. Open the whole link from the e-mail.')}
        </p>
      )}
    </div>
  );
}
