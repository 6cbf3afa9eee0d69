// tagledger-verify <certificate.pdf | bundle.json | qr.txt | -> --keys <keys.json> [--state <file>] [--lang en|fr] [--json]
//
// Checks a certificate (or a proof bundle, or a QR code's text) with no call to any server:
// entry → inclusion → checkpoint signature → cosignatures → timestamp → history. Prints what was
// checked against which keys; exits 0 when verified, 1 with the reason named when not, 2 when the
// input or the keys cannot be read. --state keeps the newest checkpoint seen (like a witness), so
// a later fork, rollback or inconsistent log is caught.
import fs from 'node:fs';
import path from 'node:path';
import { asTrustedKeys, readBundle, type TrustedKeys } from './bundle.js';
import { describe, type Language } from './messages.js';
import { verifyBundle, type KnownHead } from './verify.js';

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  stdin?: () => Promise<Uint8Array>;
}

const USAGE =
  'usage: tagledger-verify <certificate.pdf | bundle.json | qr.txt | -> --keys <keys.json> [--state <file>] [--lang en|fr] [--json]';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

export async function cliMain(args: string[], io: Io = { out: console.log, err: console.error }): Promise<number> {
  const valued = new Set(['--keys', '--state', '--lang']);
  const input = args.find((a, i) => (a === '-' || !a.startsWith('--')) && !valued.has(args[i - 1] ?? ''));
  const keysFile = option(args, '--keys');
  const lang: Language = option(args, '--lang') === 'fr' ? 'fr' : 'en';
  if (!input || !keysFile) {
    io.err(USAGE);
    return 2;
  }
  let keys: TrustedKeys;
  let bytes: Uint8Array;
  try {
    keys = asTrustedKeys(JSON.parse(fs.readFileSync(keysFile, 'utf8')));
    bytes = input === '-' ? await (io.stdin ?? readStdin)() : new Uint8Array(fs.readFileSync(input));
  } catch (err) {
    io.err(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  let bundle: unknown;
  try {
    bundle = readBundle(bytes);
  } catch (err) {
    io.err((err as Error).message);
    return 2;
  }
  const statePath = option(args, '--state');
  const known: KnownHead[] =
    statePath && fs.existsSync(statePath) ? (JSON.parse(fs.readFileSync(statePath, 'utf8')) as KnownHead[]) : [];
  const report = await verifyBundle(bundle, { keys, known });
  if (args.includes('--json')) io.out(JSON.stringify(report, null, 2));
  else io.out(describe(report, lang));
  if (report.ok && statePath && report.newestKnown) {
    const kept = [...known.filter((k) => k.origin !== report.newestKnown!.origin), report.newestKnown];
    fs.mkdirSync(path.dirname(path.resolve(statePath)), { recursive: true });
    fs.writeFileSync(statePath, JSON.stringify(kept, null, 2));
  }
  return report.ok ? 0 : 1;
}
