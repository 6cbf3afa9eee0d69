// /contact/report?message=<id>: the owner reports a relayed message to moderators.
import { SenderActionScreen } from './contact-sender-action';

export default function ContactReportPage() {
  return <SenderActionScreen action="report" />;
}
