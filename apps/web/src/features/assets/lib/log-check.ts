// Checks proofs from the public transparency log in the browser (docs/decisions/0144), with the
// same code as the offline verifier (@tagledger/verify, WebCrypto): the entry, its inclusion in the
// signed tree, the log's signature, the witnesses' cosignatures, the timestamp, and that the log
// agrees with what this browser saw before (no fork, no rollback, consistent growth).
//
// The keys are the ones this site published the first time this browser checked (kept in
// localStorage): a later change of log key is not taken on the site's word. The newest verified
// checkpoint is kept too, and each answer must prove it extends it.
import type { KnownHead, ProofBundle, TrustedKeys, VerifyReport } from '@tagledger/verify';
import { appConfig } from '@/lib/app-config';

const KEYS = 'tagledger.log.keys';
const HEADS = 'tagledger.log.heads';

export interface LogCheck {
  report: VerifyReport;
  keys: TrustedKeys;
  /** The site now publishes other keys than the ones this browser kept. */
  keysChanged: boolean;
}

// The verifier (and the PKI library behind timestamps) loads on the first check, not with the page.
const verifier = () => import('@tagledger/verify');

function stored<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export function knownHeads(): KnownHead[] {
  return stored<KnownHead[]>(HEADS) ?? [];
}

/** The newest log size this browser verified (sent with a check so the answer proves it still holds). */
export function knownSize(): number | undefined {
  const sizes = knownHeads().map((h) => h.size);
  return sizes.length ? Math.max(...sizes) : undefined;
}

async function trustedKeys(): Promise<{ keys: TrustedKeys; keysChanged: boolean }> {
  const { asTrustedKeys } = await verifier();
  const res = await fetch(`${appConfig.supabaseUrl}/log/v1/keys`);
  const published = asTrustedKeys(await res.json());
  const kept = stored<TrustedKeys>(KEYS);
  if (!kept) {
    localStorage.setItem(KEYS, JSON.stringify(published));
    return { keys: published, keysChanged: false };
  }
  return { keys: kept, keysChanged: JSON.stringify(kept) !== JSON.stringify(published) };
}

function remember(report: VerifyReport) {
  const head = report.newestKnown;
  if (!report.ok || !head) return;
  localStorage.setItem(HEADS, JSON.stringify([...knownHeads().filter((h) => h.origin !== head.origin), head]));
}

/** A live answer's bundle (from /verify): checked against the kept keys and heads, then remembered. */
export async function checkLiveBundle(bundle: unknown): Promise<LogCheck> {
  const { verifyBundle } = await verifier();
  const { keys, keysChanged } = await trustedKeys();
  const report = await verifyBundle(bundle, { keys, known: knownHeads() });
  remember(report);
  return { report, keys, keysChanged };
}

/**
 * A certificate's bundle: checked as it is (it needs nothing from us), then against the log as it is
 * today — the entry must still be there, in a tree that extends the certificate's checkpoint (a
 * rewritten or dropped entry fails here even if the certificate itself is genuine).
 */
export async function checkCertificateBundle(bundle: ProofBundle): Promise<LogCheck & { today?: VerifyReport }> {
  const { verifyBundle, parseCheckpoint, parseNote, toBase64 } = await verifier();
  const { keys, keysChanged } = await trustedKeys();
  const report = await verifyBundle(bundle, { keys, known: knownHeads() });
  if (!report.ok) return { report, keys, keysChanged };
  const cp = parseCheckpoint(parseNote(bundle.checkpoint).text);
  const res = await fetch(`${appConfig.supabaseUrl}/log/v1/bundle?seq=${bundle.entry.seq}&known=${cp.size}`);
  if (!res.ok) return { report, keys, keysChanged };
  const certificateHead: KnownHead = {
    origin: cp.origin,
    size: cp.size,
    root: toBase64(cp.root),
    checkpoint: bundle.checkpoint,
  };
  // Measured against the certificate's own checkpoint: today's tree must extend it.
  const today = await verifyBundle(await res.json(), { keys, known: [certificateHead] });
  return { report, keys, keysChanged, today };
}
