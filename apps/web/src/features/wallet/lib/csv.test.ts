import { describe, expect, it } from 'vitest';
import { transactionsToCsv } from '../api/export-transactions';
import { csvCell, toCsv } from './csv';

describe('csv', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it.each(['=HYPERLINK("x")', '+1+2', '-2+3', '@SUM(A1)', '\tcmd'])('neutralises the formula %j', (value) => {
    expect(csvCell(value).replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('keeps numbers (also negative amounts) as numbers', () => {
    expect(csvCell(-25)).toBe('-25');
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n');
  });

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
