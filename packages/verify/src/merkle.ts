// RFC 9162 §2.1 Merkle trees: leaf and node hashing, the root of a tree of any size from its
// complete subtrees, inclusion and consistency proofs (made from stored complete subtrees, so O(log n)
// reads) and their verification (§2.1.3.2, §2.1.4.2).
import { concat, equal } from './bytes.js';

export type Hash = Uint8Array;

export async function sha256(data: Uint8Array): Promise<Hash> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data.slice()));
}

/** SHA-256(0x00 || data). */
export const leafHash = (data: Uint8Array): Promise<Hash> => sha256(concat(new Uint8Array([0]), data));
/** SHA-256(0x01 || left || right). */
export const nodeHash = (left: Hash, right: Hash): Promise<Hash> => sha256(concat(new Uint8Array([1]), left, right));

/** A complete subtree: level k, index j covers leaves [j·2^k, (j+1)·2^k). */
export interface NodeKey {
  level: number;
  index: number;
}

/** Reads stored complete subtrees (in the order asked). */
export type NodeSource = (keys: NodeKey[]) => Promise<Hash[]>;

type Range = [start: number, end: number];

/** Largest power of two strictly below n (n > 1). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** [start, end) as maximal aligned complete subtrees, left to right. */
export function rangeNodes(start: number, end: number): NodeKey[] {
  const keys: NodeKey[] = [];
  let at = start;
  while (at < end) {
    let size = 1;
    let level = 0;
    while (at % (size * 2) === 0 && at + size * 2 <= end) {
      size *= 2;
      level++;
    }
    keys.push({ level, index: at / size });
    at += size;
  }
  return keys;
}

function inclusionRanges(m: number, start: number, end: number): Range[] {
  const n = end - start;
  if (n === 1) return [];
  const k = splitPoint(n);
  return m < k
    ? [...inclusionRanges(m, start, start + k), [start + k, end]]
    : [...inclusionRanges(m - k, start + k, end), [start, start + k]];
}

function consistencyRanges(m: number, start: number, end: number, complete: boolean): Range[] {
  const n = end - start;
  if (m === n) return complete ? [] : [[start, end]];
  const k = splitPoint(n);
  return m <= k
    ? [...consistencyRanges(m, start, start + k, complete), [start + k, end]]
    : [...consistencyRanges(m - k, start + k, end, false), [start, start + k]];
}

/** Hashes of ranges, reading every complete subtree they need in one call. */
async function rangeHashes(ranges: Range[], source: NodeSource): Promise<Hash[]> {
  const perRange = ranges.map(([a, b]) => rangeNodes(a, b));
  const keys = perRange.flat();
  const hashes = keys.length ? await source(keys) : [];
  if (hashes.length !== keys.length) throw new Error('the node source answered the wrong number of hashes');
  let at = 0;
  const out: Hash[] = [];
  for (const nodes of perRange) {
    const own = hashes.slice(at, at + nodes.length);
    at += nodes.length;
    let h = own[own.length - 1]!;
    for (let i = own.length - 2; i >= 0; i--) h = await nodeHash(own[i]!, h);
    out.push(h);
  }
  return out;
}

/** MTH(D[0:size]) from stored complete subtrees; the empty tree's root is SHA-256 of nothing. */
export async function treeRoot(size: number, source: NodeSource): Promise<Hash> {
  if (size === 0) return sha256(new Uint8Array());
  return (await rangeHashes([[0, size]], source))[0]!;
}

/** PATH(index, D[size]) (RFC 9162 §2.1.3.1). */
export function inclusionProof(index: number, size: number, source: NodeSource): Promise<Hash[]> {
  if (!(index >= 0 && index < size)) throw new RangeError(`leaf ${index} is not in a tree of ${size}`);
  return rangeHashes(inclusionRanges(index, 0, size), source);
}

/** PROOF(oldSize, D[size]) (RFC 9162 §2.1.4.1); empty when oldSize is 0 or equals size. */
export function consistencyProof(oldSize: number, size: number, source: NodeSource): Promise<Hash[]> {
  if (!(oldSize >= 0 && oldSize <= size)) throw new RangeError(`a tree of ${oldSize} cannot precede one of ${size}`);
  if (oldSize === 0 || oldSize === size) return Promise.resolve([]);
  return rangeHashes(consistencyRanges(oldSize, 0, size, true), source);
}

/** How many hashes an inclusion proof has, without reading any. */
export const inclusionProofLength = (index: number, size: number): number => inclusionRanges(index, 0, size).length;

/** RFC 9162 §2.1.3.2: true when the path leads from the leaf hash to the root. */
export async function verifyInclusion(
  leaf: Hash,
  index: number,
  size: number,
  path: Hash[],
  root: Hash,
): Promise<boolean> {
  if (!(index >= 0 && index < size)) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = await nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = await nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equal(r, root);
}

const isPowerOfTwo = (n: number) => n > 0 && Number.isInteger(Math.log2(n));

/** RFC 9162 §2.1.4.2: true when the newer tree extends the older one. */
export async function verifyConsistency(
  oldSize: number,
  size: number,
  path: Hash[],
  oldRoot: Hash,
  root: Hash,
): Promise<boolean> {
  if (!(oldSize >= 0 && oldSize <= size)) return false;
  if (oldSize === size) return path.length === 0 && equal(oldRoot, root);
  if (oldSize === 0) return path.length === 0;
  if (path.length === 0) return false;
  const c = isPowerOfTwo(oldSize) ? [oldRoot, ...path] : [...path];
  let fn = oldSize - 1;
  let sn = size - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = c[0]!;
  let sr = c[0]!;
  for (const p of c.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = await nodeHash(p, fr);
      sr = await nodeHash(p, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = await nodeHash(sr, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equal(fr, oldRoot) && equal(sr, root);
}

/** A log kept in memory the way the database keeps it (every complete subtree): tests, witnesses' tooling. */
export class MemoryTree {
  readonly levels: Hash[][] = [];
  get size(): number {
    return this.levels[0]?.length ?? 0;
  }
  async append(data: Uint8Array): Promise<void> {
    let h = await leafHash(data);
    let level = 0;
    let index = this.size;
    for (;;) {
      (this.levels[level] ??= [])[index] = h;
      if (index % 2 === 0) return;
      h = await nodeHash(this.levels[level]![index - 1]!, h);
      index = Math.floor(index / 2);
      level++;
    }
  }
  readonly source: NodeSource = async (keys) =>
    keys.map(({ level, index }) => {
      const h = this.levels[level]?.[index];
      if (!h) throw new Error(`no node ${level}/${index}`);
      return h;
    });
}
