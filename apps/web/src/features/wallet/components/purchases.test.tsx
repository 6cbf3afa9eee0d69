// Buying tokens on /wallet: package cards, the "not enabled" text, purchase history with receipts,
// and the status shown after returning from checkout.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TokenPurchase } from '../api/purchases';
import type { TokenPackage } from '@/lib/token-package';
import { BuyTokens } from './buy-tokens';
import { PurchaseHistory } from './purchase-history';
import { PurchaseNotice } from './purchase-notice';

const packages: TokenPackage[] = [
  { id: 'a', name: 'Starter', tokens: 100, price_minor: 100, currency: 'gbp' },
  { id: 'b', name: 'Standard', tokens: 500, price_minor: 450, currency: 'gbp' },
  { id: 'c', name: 'Bulk', tokens: 5000, price_minor: 3999, currency: 'gbp' },
];

const purchase = (over: Partial<TokenPurchase> = {}): TokenPurchase => ({
  id: crypto.randomUUID(),
  package_name: 'Starter',
  tokens: 100,
  amount_minor: 100,
  currency: 'gbp',
  status: 'paid',
  reference: 'TL-ABCDEF1234',
  amount_refunded_minor: 0,
  tokens_reversed: 0,
  debt_settled: 0,
  provider: 'stripe',
  payer_phone: null,
  paid_at: '2026-11-23T10:00:00Z',
  created_at: '2026-11-23T09:59:00Z',
  ...over,
});

describe('Buy tokens', () => {
  it('lists each package with its price, price per 100 TMT and saving, and buys the one clicked', () => {
    const onBuy = vi.fn();
    render(<BuyTokens enabled packages={packages} buying={null} error={null} onBuy={onBuy} />);
    const items = within(screen.getByRole('list', { name: 'Token packages' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('100 TMT');
    expect(items[0]).toHaveTextContent('£1.00 per 100 TMT');
    expect(items[0]).not.toHaveTextContent('Save');
    expect(items[1]).toHaveTextContent('£0.90 per 100 TMT');
    expect(items[1]).toHaveTextContent('Save 10%');
    expect(items[2]).toHaveTextContent('5,000 TMT');
    expect(items[2]).toHaveTextContent('Save 20%');
    fireEvent.click(screen.getByRole('button', { name: 'Buy 500 TMT for £4.50' }));
    expect(onBuy).toHaveBeenCalledWith('b');
  });

  it('disables the other packages while a checkout opens and shows an error', () => {
    render(
      <BuyTokens
        enabled
        packages={packages}
        buying="a"
        error="The payment provider could not be reached."
        onBuy={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Buy 500 TMT for £4.50' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('could not be reached');
  });

  it('says purchases are not enabled and how an admin enables them', () => {
    render(<BuyTokens enabled={false} packages={packages} buying={null} error={null} onBuy={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Token purchases are not enabled on this server');
    expect(screen.getByRole('status')).toHaveTextContent('STRIPE_SECRET_KEY');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('Purchase history', () => {
  it('shows each status and a receipt for paid purchases with the VAT line when configured', () => {
    render(
      <PurchaseHistory
        vatPercent={20}
        purchases={[
          purchase(),
          purchase({ status: 'pending', paid_at: null, reference: 'TL-PENDING001' }),
          purchase({ status: 'refunded', amount_refunded_minor: 100, reference: 'TL-REFUND0001' }),
          purchase({ status: 'disputed', reference: 'TL-DISPUTE001' }),
          purchase({ status: 'cancelled', paid_at: null, reference: 'TL-CANCEL0001' }),
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Purchases' })).getAllByRole('listitem');
    expect(
      items.map((i) => within(i).getAllByText(/^(Paid|Pending|Refunded|Disputed|Cancelled)$/)[0]!.textContent),
    ).toEqual(['Paid', 'Pending', 'Refunded', 'Disputed', 'Cancelled']);
    const receipt = screen.getByLabelText('Receipt TL-ABCDEF1234');
    expect(receipt).toHaveTextContent('Reference');
    expect(receipt).toHaveTextContent('Nov 23, 2026');
    expect(receipt).toHaveTextContent('100 TMT');
    expect(receipt).toHaveTextContent('£1.00');
    expect(receipt).toHaveTextContent('Includes VAT at 20%£0.17');
    expect(screen.queryByLabelText('Receipt TL-PENDING001')).toBeNull();
    expect(screen.getByLabelText('Receipt TL-REFUND0001')).toHaveTextContent('Refunded£1.00');
  });

  it('says on the receipt how many of the tokens paid a debt', () => {
    render(<PurchaseHistory vatPercent={null} purchases={[purchase({ debt_settled: 20 })]} />);
    expect(screen.getByLabelText('Receipt TL-ABCDEF1234')).toHaveTextContent('Of which paid a debt20 TMT');
  });

  it('prints no VAT line when none is configured', () => {
    render(<PurchaseHistory vatPercent={null} purchases={[purchase()]} />);
    expect(screen.getByLabelText('Receipt TL-ABCDEF1234')).not.toHaveTextContent('VAT');
  });
});

describe('Purchase notice after checkout', () => {
  it('is pending until the purchase is paid, then shows the tokens and the new balance', () => {
    const { rerender } = render(
      <PurchaseNotice checkout="success" purchase={purchase({ status: 'pending', paid_at: null })} balance={50} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Purchase pending');
    rerender(<PurchaseNotice checkout="success" purchase={purchase()} balance={150} />);
    expect(screen.getByRole('status')).toHaveTextContent('100 TMT added to your wallet. Your balance is now 150 TMT.');
  });

  it('says how much of a purchase paid a debt, and the balance after', () => {
    render(<PurchaseNotice checkout="success" purchase={purchase({ debt_settled: 20 })} balance={80} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      '100 TMT added to your wallet; 20 TMT of it paid what you owed. Your balance is now 80 TMT.',
    );
  });

  it('after a cancel, waits for the server to confirm it, then says nothing was charged', () => {
    const pending = purchase({ status: 'pending', paid_at: null });
    const { rerender } = render(
      <PurchaseNotice checkout="cancelled" purchase={pending} balance={50} cancel={{ state: 'working' }} />,
    );
    // The URL alone does not make it cancelled.
    expect(screen.getByRole('status')).toHaveTextContent('Cancelling your checkout…');
    rerender(<PurchaseNotice checkout="cancelled" purchase={pending} balance={50} />);
    expect(screen.getByRole('status')).toHaveTextContent('Purchase pending');
    rerender(
      <PurchaseNotice checkout="cancelled" purchase={purchase({ status: 'cancelled', paid_at: null })} balance={50} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Checkout was cancelled. Nothing was charged.');
  });

  it('offers to try again when the cancel could not be confirmed', () => {
    const onRetry = vi.fn();
    render(
      <PurchaseNotice
        checkout="cancelled"
        purchase={purchase({ status: 'pending', paid_at: null })}
        balance={50}
        cancel={{ state: 'failed', message: 'The payment provider could not be reached.', onRetry }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('could not be reached');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says a failed or expired payment added nothing, in words', () => {
    const { rerender } = render(
      <PurchaseNotice checkout="success" purchase={purchase({ status: 'failed', paid_at: null })} balance={50} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The payment failed. Nothing was added to your wallet.');
    rerender(
      <PurchaseNotice checkout="success" purchase={purchase({ status: 'expired', paid_at: null })} balance={50} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The checkout expired. Nothing was added to your wallet.');
  });
});

describe('paying with Paystack or MTN Mobile Money (decision 0154)', () => {
  const priced: TokenPackage[] = packages.map((p) => ({
    ...p,
    prices: { ngn: p.price_minor * 2000, xaf: p.price_minor * 7.5 },
  }));

  it('shows the packages in the chosen currency and asks a mobile-money payer for their number', () => {
    const onOptionChange = vi.fn();
    const onPhoneChange = vi.fn();
    const options = [
      { provider: 'paystack' as const, currency: 'ngn' },
      { provider: 'mtn_momo' as const, currency: 'xaf' },
    ];
    const { rerender } = render(
      <BuyTokens
        enabled
        packages={priced}
        options={options}
        option={options[0]}
        onOptionChange={onOptionChange}
        buying={null}
        error={null}
        onBuy={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: /Buy 500 TMT for NGN\s?9,000\.00/ })).toBeInTheDocument();
    expect(screen.queryByLabelText('Your MTN Mobile Money number')).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Pay with' }), { target: { value: 'mtn_momo:xaf' } });
    expect(onOptionChange).toHaveBeenCalledWith(options[1]);
    rerender(
      <BuyTokens
        enabled
        packages={priced}
        options={options}
        option={options[1]}
        onPhoneChange={onPhoneChange}
        buying={null}
        error={null}
        onBuy={vi.fn()}
      />,
    );
    // Francs CFA have no minor unit: 3 375 XAF, not 33.75.
    expect(screen.getByRole('button', { name: /Buy 500 TMT for (FCFA|XAF)\s?3,375$/ })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Your MTN Mobile Money number/), { target: { value: '+237671234567' } });
    expect(onPhoneChange).toHaveBeenCalledWith('+237671234567');
  });

  it('tells a mobile-money payer to approve on their phone, and when the request expired', () => {
    const pending = purchase({
      status: 'pending',
      paid_at: null,
      provider: 'mtn_momo',
      payer_phone: '+237671234567',
      amount_minor: 3400,
      currency: 'xaf',
    });
    const { rerender } = render(<PurchaseNotice checkout="phone" purchase={pending} balance={50} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      /Approve the payment of (FCFA|XAF)\s?3,400 on your phone \(\+237671234567\)/,
    );
    rerender(<PurchaseNotice checkout="phone" purchase={{ ...pending, status: 'expired' }} balance={50} />);
    expect(screen.getByRole('alert')).toHaveTextContent('not approved within 5 minutes');
  });
});
