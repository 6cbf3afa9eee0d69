// RFC 9162 hashing and proofs: roots match the RFC's recursive definition computed directly from the
// leaves, every proof of small trees verifies, and a changed leaf, path or size makes it fail.
import { describe, expect, it } from 'vitest';
import {
  MemoryTree,
  consistencyProof,
  inclusionProof,
  inclusionProofLength,
  leafHash,
  nodeHash,
  sha256,
  toHex,
  treeRoot,
  utf8,
  verifyConsistency,
  verifyInclusion,
  type Hash,
} from '../src/index.js';

/** MTH(D[n]) exactly as RFC 9162 §2.1.1 defines it. */
async function mth(leaves: Uint8Array[]): Promise<Hash> {
  if (leaves.length === 0) return sha256(new Uint8Array());
  if (leaves.length === 1) return leafHash(leaves[0]!);
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return nodeHash(await mth(leaves.slice(0, k)), await mth(leaves.slice(k)));
}

const data = (i: number) => utf8(`entry ${i}`);

describe('Merkle log (RFC 9162 §2.1)', () => {
  it('hashes leaves and nodes with the 0x00 and 0x01 prefixes', async () => {
    expect(toHex(await leafHash(new Uint8Array()))).toBe(
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    );
    const a = await leafHash(utf8('a'));
    const b = await leafHash(utf8('b'));
    expect(await nodeHash(a, b)).toEqual(await sha256(new Uint8Array([1, ...a, ...b])));
  });

  it('computes the root of every size up to 40 from complete subtrees, as the RFC defines it', async () => {
    const tree = new MemoryTree();
    const leaves: Uint8Array[] = [];
    for (let n = 1; n <= 40; n++) {
      leaves.push(data(n - 1));
      await tree.append(data(n - 1));
      expect(toHex(await treeRoot(n, tree.source))).toBe(toHex(await mth(leaves)));
    }
  });

  it('makes inclusion and consistency proofs that verify, for every leaf and pair of sizes up to 20', async () => {
    const tree = new MemoryTree();
    const roots: Hash[] = [];
    for (let n = 1; n <= 20; n++) {
      await tree.append(data(n - 1));
      roots[n] = await treeRoot(n, tree.source);
    }
    for (let n = 1; n <= 20; n++) {
      for (let m = 0; m < n; m++) {
        const path = await inclusionProof(m, n, tree.source);
        expect(path.length).toBe(inclusionProofLength(m, n));
        expect(await verifyInclusion(await leafHash(data(m)), m, n, path, roots[n]!)).toBe(true);
      }
      for (let m = 1; m <= n; m++) {
        const proof = await consistencyProof(m, n, tree.source);
        expect(await verifyConsistency(m, n, proof, roots[m]!, roots[n]!)).toBe(true);
      }
    }
  });

  it('refuses a changed leaf, a dropped hash, a leaf outside the tree and a root of another tree', async () => {
    const tree = new MemoryTree();
    for (let i = 0; i < 13; i++) await tree.append(data(i));
    const root = await treeRoot(13, tree.source);
    const path = await inclusionProof(5, 13, tree.source);
    expect(await verifyInclusion(await leafHash(data(5)), 5, 13, path, root)).toBe(true);
    expect(await verifyInclusion(await leafHash(utf8('rewritten')), 5, 13, path, root)).toBe(false);
    expect(await verifyInclusion(await leafHash(data(5)), 5, 13, path.slice(1), root)).toBe(false);
    expect(await verifyInclusion(await leafHash(data(5)), 13, 13, path, root)).toBe(false);

    const old = await treeRoot(7, tree.source);
    const proof = await consistencyProof(7, 13, tree.source);
    expect(await verifyConsistency(7, 13, proof, old, root)).toBe(true);
    // A log that dropped entry 3 and re-grew to 13 entries cannot prove it extends the old tree.
    const forged = new MemoryTree();
    for (let i = 0; i < 14; i++) if (i !== 3) await forged.append(data(i));
    const forgedRoot = await treeRoot(13, forged.source);
    const forgedProof = await consistencyProof(7, 13, forged.source);
    expect(await verifyConsistency(7, 13, forgedProof, old, forgedRoot)).toBe(false);
    expect(await verifyConsistency(7, 13, proof.slice(1), old, root)).toBe(false);
  });

  it('keeps an inclusion proof in a log of 10 million entries at 24 hashes or fewer', () => {
    for (const m of [0, 1, 4_999_999, 8_388_607, 9_999_999]) {
      expect(inclusionProofLength(m, 10_000_000)).toBeLessThanOrEqual(24);
    }
  });
});
