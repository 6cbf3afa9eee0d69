// /contact/block?message=<id>: the owner blocks the sender of a relayed message.
import { SenderActionScreen } from './contact-sender-action';

export default function ContactBlockPage() {
  return <SenderActionScreen action="block" />;
}
