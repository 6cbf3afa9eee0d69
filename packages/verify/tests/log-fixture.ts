// A transparency log kept in memory the way the server keeps it (entries hash-chained, leaves in a
// Merkle tree, heads signed as C2SP checkpoints): honest and tampered copies for the tamper tests.
import crypto from 'node:crypto';
import {
  consistencyProof,
  entryHashHex,
  entryText,
  formatCheckpoint,
  inclusionProof,
  KEYS_FORMAT,
  MemoryTree,
  toBase64,
  treeRoot,
  utf8,
  type LogEntry,
  type ProofBundle,
  type TrustedKeys,
} from '../src/index.js';
import { cosign, generateSignerKey, parseSignerKey, signNote, type NoteSigner } from '../src/node/index.js';

export const ORIGIN = 'tagledger.test/asset-ledger';

export const newSigner = async (name: string, type: 0x01 | 0x04) => parseSignerKey(await generateSignerKey(name, type));

export class TestLog {
  readonly entries: LogEntry[] = [];
  readonly tree = new MemoryTree();
  constructor(readonly signer: NoteSigner) {}

  /** Appends entries for these record labels (a label's SHA-256 stands in for the asset record). */
  async add(...labels: string[]): Promise<this> {
    for (const label of labels) {
      const seq = this.entries.length + 1;
      const base = {
        seq,
        event: 'register',
        record_hash: crypto.createHash('sha256').update(label).digest('hex'),
        prev_hash: this.entries.at(-1)?.entry_hash ?? '0'.repeat(64),
        created_at: new Date(Date.UTC(2026, 10, 27, 10, 0, seq)).toISOString().replace('Z', '000Z'),
      };
      const entry = { ...base, entry_hash: await entryHashHex(base) };
      this.entries.push(entry);
      await this.tree.append(utf8(entryText(entry)));
    }
    return this;
  }

  /** The checkpoint text of the first `size` entries (the whole log by default). */
  async body(size = this.entries.length): Promise<string> {
    return formatCheckpoint(ORIGIN, size, await treeRoot(size, this.tree.source));
  }

  /** The signed note, with cosignatures by these witnesses. */
  async checkpoint(size = this.entries.length, witnesses: NoteSigner[] = [], time = 1_795_000_000): Promise<string> {
    const body = await this.body(size);
    const lines = [signNote(body, this.signer), ...witnesses.map((w) => cosign(body, w, time))];
    return `${body}\n${lines.map((l) => `${l}\n`).join('')}`;
  }

  async bundle(seq: number, checkpoint: string, size = this.entries.length, extra: Partial<ProofBundle> = {}) {
    const bundle: ProofBundle = {
      format: 'tagledger-proof/v1',
      entry: { ...this.entries[seq - 1]! },
      proof: (await inclusionProof(seq - 1, size, this.tree.source)).map(toBase64),
      checkpoint,
      ...extra,
    };
    return bundle;
  }

  async consistency(from: number, size = this.entries.length): Promise<string[]> {
    return (await consistencyProof(from, size, this.tree.source)).map(toBase64);
  }
}

export function trusted(log: NoteSigner, witnesses: NoteSigner[], quorum = witnesses.length): TrustedKeys {
  return {
    format: KEYS_FORMAT,
    origin: ORIGIN,
    log: [log.verifierKey],
    witnesses: witnesses.map((w) => w.verifierKey),
    quorum,
    tsa: [],
  };
}
