// Messages from finders (relayed by e-mail once the sender confirmed their address), with a reply
// box each and the links to block the sender or report abuse.
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/input';
import { toAppError } from '@/lib/api-error';
import { appConfig } from '@/lib/app-config';
import { i18n } from '@/lib/i18n/i18n';
import { formatDateTime } from '@/lib/i18n/format';
import { useReplyToMessage } from '../api/contact-owner';
import type { AssetMessage } from '../api/types';
import { paths } from '@/config/paths';

export function AssetMessages({ assetId, messages }: { assetId: string; messages: AssetMessage[] }) {
  const reply = useReplyToMessage(assetId);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  if (messages.length === 0) return null;
  return (
    <Card className="mt-6" id="messages">
      <CardHeader>
        <CardTitle>{i18n._('Messages')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-xs text-slate-500">
          {i18n._(
            'Every sender confirmed their e-mail address before their message reached you; the names are what they typed. A reply from here is e-mailed to them from',
          )}{' '}
          {appConfig.appName}
          {i18n._(', with your address as the reply-to so they can answer you.')}
        </p>
        {messages.map((m) => (
          <div key={m.id} className="rounded-md border border-slate-200 p-3">
            <p className="text-xs text-slate-500">
              {m.sender_name
                ? i18n._('«{sender_name}» (the name they gave)', { sender_name: m.sender_name })
                : i18n._('A visitor who gave no name')}{' '}
              · {formatDateTime(m.created_at)}
              {m.replied_at && i18n._(' · replied')}
            </p>
            <p className="mt-1 whitespace-pre-wrap text-sm text-slate-900">{m.message}</p>
            <div className="mt-2 flex gap-2">
              <Textarea
                aria-label={i18n._('Reply')}
                rows={2}
                value={drafts[m.id] ?? ''}
                onChange={(e) => setDrafts((d) => ({ ...d, [m.id]: e.target.value }))}
              />
              <Button
                variant="outline"
                disabled={!drafts[m.id]?.trim()}
                loading={reply.isPending && reply.variables?.messageId === m.id}
                onClick={() =>
                  reply.mutate(
                    { messageId: m.id, reply: drafts[m.id]!.trim() },
                    {
                      onSuccess: () => {
                        toast.success(i18n._('Reply sent.'));
                        setDrafts((d) => ({ ...d, [m.id]: '' }));
                      },
                      onError: (err) => toast.error(toAppError(err).message),
                    },
                  )
                }
              >
                {i18n._('Reply')}
              </Button>
            </div>
            <p className="mt-2 flex gap-3 text-xs">
              <Link to={paths.contactBlock(m.id)} className="text-slate-600 hover:underline">
                {i18n._('Block this sender')}
              </Link>
              <Link to={paths.contactReport(m.id)} className="text-red-700 hover:underline">
                {i18n._('Report abuse')}
              </Link>
            </p>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
