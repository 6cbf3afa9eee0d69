// A ledger entry as the log holds it. Its data is the text the hash chain already hashes, so one set
// of fields gives both the chain's entry_hash (SHA-256 of the text) and the Merkle leaf
// (SHA-256(0x00 || text)); leaf index = seq - 1.
import { toHex, utf8 } from './bytes.js';
import { leafHash, sha256, type Hash } from './merkle.js';

export interface LogEntry {
  seq: number;
  event: string;
  record_hash: string;
  prev_hash: string;
  /** UTC, microseconds, as hashed: 2026-11-27T10:00:00.123456Z */
  created_at: string;
  entry_hash: string;
}

export const entryText = (e: Omit<LogEntry, 'entry_hash'>): string =>
  `${e.prev_hash}|${e.record_hash}|${e.seq}|${e.event}|${e.created_at}`;

export const entryHashHex = async (e: Omit<LogEntry, 'entry_hash'>): Promise<string> =>
  toHex(await sha256(utf8(entryText(e))));

export const entryLeafHash = (e: Omit<LogEntry, 'entry_hash'>): Promise<Hash> => leafHash(utf8(entryText(e)));
