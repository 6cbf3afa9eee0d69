// "Contact the owner": the visitor's message waits until they confirm their e-mail address with the
// link we send them, so the form ends by sending them to their inbox — it never claims that the
// owner was contacted (the confirm page says so once it is true).
import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { useSubmit } from '@/hooks/use-submit';
import type { ContactOwnerInput } from '../api/contact-owner';
import { i18n } from '@/lib/i18n/i18n';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ContactOwnerForm({
  assetId,
  onSend,
}: {
  assetId: string;
  onSend: (input: ContactOwnerInput) => Promise<unknown>;
}) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const { pending, error, onSubmit } = useSubmit();
  const senderEmail = email.trim();
  function problem(): string | null {
    if (!EMAIL.test(senderEmail)) return i18n._('Enter a valid e-mail address');
    if (!message.trim()) return i18n._('Write a message');
    return null;
  }
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    return (
      <div role="status" className="flex gap-3 rounded-md bg-blue-50 p-3 text-sm text-blue-900">
        <MailCheck className="h-6 w-6 shrink-0" aria-hidden="true" />
        <div className="space-y-1">
          <p className="font-semibold">{i18n._('Check your inbox to confirm')}</p>
          <p>
            {i18n._('We sent a link to')} <strong>{sentTo}</strong>
            {i18n._(
              '. Your message goes to the owner only after you open it, within 24 hours. Nothing has been sent to the owner yet.',
            )}
          </p>
        </div>
      </div>
    );
  }
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={onSubmit(
        problem,
        () => onSend({ assetId, senderEmail, senderName: name.trim() || undefined, message: message.trim() }),
        () => setSentTo(senderEmail),
      )}
    >
      <FormField
        label={i18n._('Your e-mail')}
        hint={i18n._(
          'We e-mail you a link to confirm it before your message is sent. The owner can reply to this address.',
        )}
        required
      >
        <Input
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          maxLength={254}
          autoComplete="email"
        />
      </FormField>
      <FormField label={i18n._('Your name (optional)')} hint={i18n._('Shown to the owner as the name you gave.')}>
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="name" />
      </FormField>
      <FormField label={i18n._('Message')} required>
        <Textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={4} maxLength={2000} />
      </FormField>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <Button type="submit" loading={pending}>
        {i18n._('Send to the owner')}
      </Button>
    </form>
  );
}
