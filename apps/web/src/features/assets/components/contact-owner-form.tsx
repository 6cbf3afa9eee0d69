// "Contact the owner": the message is relayed by e-mail; the owner does not see the sender's address.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { toAppError } from '@/lib/api-error';
import { useContactOwner } from '../api/contact-owner';

export function ContactOwnerForm({ assetId }: { assetId: string }) {
  const send = useContactOwner();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (send.isSuccess) {
    return <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">Your message was sent to the owner. If they reply, you will get an e-mail.</p>;
  }
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setError('Enter a valid e-mail address');
        if (!message.trim()) return setError('Write a message');
        send.mutate(
          { assetId, senderEmail: email.trim(), senderName: name.trim() || undefined, message: message.trim() },
          { onError: (err) => setError(toAppError(err).message) },
        );
      }}
    >
      <FormField label="Your e-mail" hint="Kept private: the owner only sees it if you continue the conversation after they reply." required>
        <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} autoComplete="email" />
      </FormField>
      <FormField label="Your name (optional)">
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="name" />
      </FormField>
      <FormField label="Message" required>
        <Textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={4} maxLength={2000} />
      </FormField>
      {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
      <Button type="submit" loading={send.isPending}>Send to the owner</Button>
    </form>
  );
}
