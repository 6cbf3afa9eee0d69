// SPEC §8 wallet texts on the asset screens: a refused charge says 'Insufficient tokens' (with a
// way to the wallet) or 'Failed to spend tokens'; any charging call reloads the wallet.
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FunctionError } from '@/lib/call-function';
import { refreshAfterSpend } from '../api/refresh-after-spend';
import { balanceCovers, insufficientTokens, SpendFailureAlert, spendFailure } from './spend-failure';

function show(err: unknown, cost: number | null) {
  render(
    <MemoryRouter>
      <SpendFailureAlert failure={spendFailure(err, cost)} />
    </MemoryRouter>,
  );
}

describe('spend failure', () => {
  it("says 'Insufficient tokens' and links to the wallet when the server answers 402", () => {
    show(
      new FunctionError('Insufficient balance. Top up your wallet to register this asset.', 402, {
        code: 'insufficient_tokens',
      }),
      25,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Insufficient tokens');
    expect(alert).toHaveTextContent('25 TMT');
    expect(screen.getByRole('link', { name: 'Buy tokens' })).toHaveAttribute('href', '/wallet#buy-tokens');
  });

  it("says 'Failed to spend tokens' without a wallet link for any other refusal", () => {
    show(new FunctionError('Asset not found', 404, { code: 'not_found' }), 5);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to spend tokens');
    expect(alert).toHaveTextContent('Asset not found');
    expect(alert).not.toHaveTextContent('Insufficient tokens');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('reloads every wallet query after a spend', async () => {
    const client = new QueryClient();
    client.setQueryData(['wallet', 'balance'], { balance: 10 });
    client.setQueryData(['wallet', 'transactions', 1], []);
    client.setQueryData(['news'], []);
    await refreshAfterSpend(client);
    expect(client.getQueryState(['wallet', 'balance'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['wallet', 'transactions', 1])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['news'])?.isInvalidated).toBe(false);
  });
});

describe('balance check before a charge', () => {
  it('needs a balance of at least the cost (SPEC §5); an unknown cost is left to the server', () => {
    expect(balanceCovers(30, 30)).toBe(true);
    expect(balanceCovers(29, 30)).toBe(false);
    expect(balanceCovers(0, null)).toBe(true);
  });

  it("says the same 'Insufficient tokens' as the server's refusal", () => {
    expect(insufficientTokens(30)).toEqual(
      spendFailure(new FunctionError('Insufficient balance', 402, { code: 'insufficient_tokens' }), 30),
    );
  });
});
