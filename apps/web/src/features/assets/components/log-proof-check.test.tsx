// The browser check's verdict in words (issue 31): what was checked against which keys when the proof
// holds, and the failed check named when it does not. The checking itself (WebCrypto in Chromium) is
// tested with @tagledger/verify's page test and the e2e certificate journey; here the report is given.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrustedKeys, VerifyReport } from '@tagledger/verify';
import { LogProofCheck } from './log-proof-check';

const keys: TrustedKeys = {
  format: 'tagledger-log-keys/v1',
  origin: 'tagledger.test/asset-ledger',
  log: ['tagledger.test/asset-ledger+0a1b2c3d+AQID'],
  witnesses: ['witness.test/w1+11223344+BAUG'],
  quorum: 1,
  tsa: [],
};
const entry = {
  seq: 7,
  event: 'register',
  record_hash: 'a'.repeat(64),
  prev_hash: 'b'.repeat(64),
  entry_hash: 'c'.repeat(64),
  created_at: '2026-11-27T10:00:00.000000Z',
};
const checkpoint = { origin: keys.origin, size: 12, root: 'AAAA' };

describe('the public log proof check', () => {
  it('says what it checked, and against which keys', async () => {
    const report: VerifyReport = {
      ok: true,
      passed: ['entry', 'inclusion', 'signature', 'cosignatures', 'history'],
      entry,
      checkpoint,
      proofLength: 4,
      logKey: 'tagledger.test/asset-ledger+0a1b2c3d',
      cosigners: [{ name: 'witness.test/w1', time: 1_795_000_000 }],
      quorum: 1,
      history: 'extends',
    };
    render(<LogProofCheck check={async () => ({ report, keys, keysChanged: false })} />);
    const box = await screen.findByTestId('log-proof');
    expect(box).toHaveAttribute('data-verified', 'yes');
    expect(box).toHaveTextContent('Verified in your browser against the public log');
    expect(box).toHaveTextContent(
      "It is leaf 6 of the public log's tree of 12 entries, shown by an inclusion proof of 4 hashes.",
    );
    expect(box).toHaveTextContent('Cosigned by 1 independent witness (witness.test/w1); 1 required.');
    expect(box).toHaveTextContent('It extends the checkpoint this browser saw before (consistency proof checked).');
    expect(box).toHaveTextContent(`Checked with the log key ${keys.log[0]} and 1 witness key`);
  });

  it('names the failed check, and warns when the site changed its keys', async () => {
    const report: VerifyReport = {
      ok: false,
      passed: ['entry', 'inclusion', 'signature', 'cosignatures'],
      failure: { code: 'fork', detail: { size: 12, seen: 'x', now: 'y' } },
      entry,
      checkpoint,
      proofLength: 4,
      logKey: 'tagledger.test/asset-ledger+0a1b2c3d',
      cosigners: [],
      quorum: 0,
    };
    render(<LogProofCheck check={async () => ({ report, keys, keysChanged: true })} />);
    const box = await screen.findByTestId('log-proof');
    expect(box).toHaveAttribute('data-verified', 'no');
    expect(box).toHaveTextContent('The public log proof did NOT verify');
    expect(box.querySelector('[data-failure="fork"]')).toHaveTextContent(
      'Fork: the log shows a tree of 12 entries that differs from the tree of the same size this browser saw before.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('this site now publishes other keys');
  });
});
