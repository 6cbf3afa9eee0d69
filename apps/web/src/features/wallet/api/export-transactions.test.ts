import { describe, expect, it } from 'vitest';
import { transactionsToCsv } from './export-transactions';

describe('transactionsToCsv', () => {
  it('exports ledger rows with a header', () => {
    const csv = transactionsToCsv([
      {
        id: 't1',
        amount: -25,
        type: 'spent',
        source: 'tag_asset',
        description: '=cmd|calc',
        reference: null,
        created_at: '2026-11-22T10:00:00Z',
        balance_after: 25,
      },
    ]);
    expect(csv).toBe(
      "date,type,source,description,amount_tmt,balance_after_tmt,reference,id\r\n2026-11-22T10:00:00Z,spent,tag_asset,'=cmd|calc,-25,25,,t1\r\n",
    );
  });
});
