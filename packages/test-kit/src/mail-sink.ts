// A real SMTP server for tests: the app under test sends mail to it over SMTP (pass
// `env: { SMTP_URL: sink.smtpUrl }` to startTestServer), and the test waits for the next message
// to an address and reads its links and one-time code.
//
//   const sink = await startMailSink();
//   const server = await startTestServer({ driver, env: { SMTP_URL: sink.smtpUrl } });
//   … sign up …
//   const mail = await sink.nextMail('a@example.test');
//   mail.links[0]; mail.code; mail.text; mail.html
//   await sink.close();
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) URL in the plain-text body, in order (HTML entities decoded). */
  links: string[];
  /** The first 6-digit number in the plain-text body (the one-time code), if any. */
  code: string | undefined;
  raw: string;
}

export interface MailSink {
  smtpUrl: string;
  port: number;
  /** Every message received so far. */
  messages: ReceivedMail[];
  /** Resolves with the next message to `address` not yet returned by nextMail (waits up to timeoutMs). */
  nextMail(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    const hex = soft.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeWords(value: string): string {
  // RFC 2047 encoded words in headers (=?UTF-8?Q?...?= / =?UTF-8?B?...?=).
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_m, _cs: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
  );
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const idx = raw.search(/\r?\n\r?\n/);
  const head = idx === -1 ? raw : raw.slice(0, idx);
  const body = idx === -1 ? '' : raw.slice(idx).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const m = /^([^:]+):\s*(.*)$/.exec(line);
    if (m) headers[m[1]!.toLowerCase()] = m[2]!;
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const enc = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (enc === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  if (enc === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** Collects the text/plain and text/html bodies of a (possibly nested multipart) message. */
function collectBodies(part: Part, out: { text: string; html: string }): void {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const chunks = part.body.split(`--${boundary}`).slice(1);
    for (const chunk of chunks) {
      if (chunk.startsWith('--')) break;
      collectBodies(splitPart(chunk.replace(/^\r?\n/, '')), out);
    }
    return;
  }
  if (/^text\/html/i.test(type)) out.html ||= decodeBody(part);
  else if (/^text\/plain/i.test(type)) out.text ||= decodeBody(part);
}

function decodeEntities(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const top = splitPart(raw);
  const bodies = { text: '', html: '' };
  collectBodies(top, bodies);
  const links = [...bodies.text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => decodeEntities(m[0]));
  return {
    from: envelope.from,
    to: envelope.to,
    subject: decodeWords(top.headers.subject ?? ''),
    text: bodies.text,
    html: bodies.html,
    links,
    code: /\b(\d{6})\b/.exec(bodies.text)?.[1],
    raw,
  };
}

/** Listens on `port` (a free one when 0): a test may bring SMTP up where a server expects it. */
export async function startMailSink(port = 0): Promise<MailSink> {
  const messages: ReceivedMail[] = [];
  const consumed = new Set<ReceivedMail>();
  const waiters: { address: string; resolve: (m: ReceivedMail) => void }[] = [];

  function deliver(mail: ReceivedMail) {
    messages.push(mail);
    const i = waiters.findIndex((w) => mail.to.includes(w.address));
    if (i !== -1) {
      consumed.add(mail);
      waiters.splice(i, 1)[0]!.resolve(mail);
    }
  }

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        deliver(parseMail(Buffer.concat(chunks).toString('utf8'), { from, to }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const bound = (server.server.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    nextMail(address, timeoutMs = 10_000) {
      const addr = address.toLowerCase();
      const ready = messages.find((m) => !consumed.has(m) && m.to.includes(addr));
      if (ready) {
        consumed.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const waiter = { address: addr, resolve: (m: ReceivedMail) => (clearTimeout(timer), resolve(m)) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
