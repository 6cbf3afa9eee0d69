// Admin payments cards: revenue figures and chart, editing packages, editing tagging prices.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { AdminTokenPackage, RevenueStats, TaggingPrices } from '../api/payments';
import { RevenueCard } from './revenue-card';
import { TaggingPricesCard } from './tagging-prices-card';
import { formatPrices, parsePrice, parsePrices, TokenPackagesCard } from './token-packages-card';

const packages: AdminTokenPackage[] = [
  { id: 'a', name: 'Starter', tokens: 100, price_minor: 100, currency: 'gbp', active: true, sort_order: 1 },
  { id: 'b', name: 'Standard', tokens: 500, price_minor: 450, currency: 'gbp', active: true, sort_order: 2 },
];

describe('RevenueCard', () => {
  it('shows gross, refunds and net, and one bar per day', () => {
    const stats: RevenueStats = {
      currency: 'gbp',
      gross_minor: 4549,
      refunds_minor: 100,
      net_minor: 4449,
      paid_count: 3,
      disputed_minor: 0,
      by_day: [
        { day: '2026-11-22', gross_minor: 0, refunds_minor: 0 },
        { day: '2026-11-23', gross_minor: 4549, refunds_minor: 100 },
      ],
    };
    render(<RevenueCard stats={stats} />);
    const figures = screen.getByLabelText('Revenue figures');
    expect(figures).toHaveTextContent('Gross£45.49');
    expect(figures).toHaveTextContent('Refunds£1.00');
    expect(figures).toHaveTextContent('Net£44.49');
    expect(screen.getAllByTestId('revenue-bar')).toHaveLength(2);
    expect(screen.getByRole('img')).toHaveAccessibleName('Gross revenue per day, last 2 days: £45.49 in total.');
  });
});

describe('TokenPackagesCard', () => {
  it('reads and writes prices in other currencies in each currency’s own unit', () => {
    expect(parsePrices('NGN 9000.00, xaf 3400; GHS 67')).toEqual({ ngn: 900000, xaf: 3400, ghs: 6700 });
    expect(parsePrices('')).toEqual({});
    expect(parsePrices('XAF 3400.50')).toBeNull();
    expect(parsePrices('naira 9000')).toBeNull();
    expect(formatPrices({ ngn: 900000, xaf: 3400 })).toBe('NGN 9000.00, XAF 3400');
  });

  it('saves a package’s prices in other currencies', async () => {
    const onSavePrices = vi.fn().mockResolvedValue({});
    render(
      <TokenPackagesCard
        packages={[{ ...packages[1]!, prices: { ngn: 900000 } }]}
        onSave={vi.fn()}
        onSavePrices={onSavePrices}
      />,
    );
    const form = screen.getByRole('form', { name: 'Prices of Standard in other currencies' });
    const input = within(form).getByLabelText('Prices in other currencies');
    expect(input).toHaveValue('NGN 9000.00');
    fireEvent.change(input, { target: { value: 'NGN 9000.00, XAF 3400.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save prices' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('currency code and an amount');
    expect(onSavePrices).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'NGN 9000.00, XAF 3400' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(onSavePrices).toHaveBeenCalledWith(packages[1]!.id, { ngn: 900000, xaf: 3400 }));
  });

  it('parses prices with at most two decimals', () => {
    expect(parsePrice('4.5')).toBe(450);
    expect(parsePrice('39.99')).toBe(3999);
    expect(parsePrice('1')).toBe(100);
    expect(parsePrice('1.234')).toBeNull();
    expect(parsePrice('-1')).toBeNull();
  });

  it('saves an edited package and deactivates it', async () => {
    const onSave = vi.fn().mockResolvedValue({});
    render(<TokenPackagesCard packages={packages} onSave={onSave} />);
    const form = screen.getByRole('form', { name: 'Package Standard' });
    fireEvent.change(within(form).getByLabelText('Price (GBP)'), { target: { value: '4.00' } });
    fireEvent.click(within(form).getByLabelText('On sale'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ ...packages[1], price_minor: 400, active: false }));
  });

  it('says the package was saved, also once the refreshed list has rebuilt its row', async () => {
    const onSave = vi.fn().mockResolvedValue({});
    const { rerender } = render(
      <>
        <Toaster />
        <TokenPackagesCard packages={packages} onSave={onSave} />
      </>,
    );
    const form = screen.getByRole('form', { name: 'Package Standard' });
    fireEvent.change(within(form).getByLabelText('Price (GBP)'), { target: { value: '4.00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    // The dashboard refetches the packages after a save; the row is keyed by its values.
    rerender(
      <>
        <Toaster />
        <TokenPackagesCard packages={[packages[0]!, { ...packages[1]!, price_minor: 400 }]} onSave={onSave} />
      </>,
    );
    expect((await screen.findAllByText('Package Standard saved')).length).toBeGreaterThan(0);
  });

  it('adds a package and refuses one below 0.50', async () => {
    const onSave = vi.fn().mockResolvedValue({});
    render(<TokenPackagesCard packages={packages} onSave={onSave} />);
    const form = screen.getByRole('form', { name: 'New package' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Mega' } });
    fireEvent.change(within(form).getByLabelText('Tokens'), { target: { value: '20000' } });
    fireEvent.change(within(form).getByLabelText('Price (GBP)'), { target: { value: '0.10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('at least 0.50');
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(within(form).getByLabelText('Price (GBP)'), { target: { value: '149.99' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        id: null,
        name: 'Mega',
        tokens: 20000,
        price_minor: 14999,
        currency: 'gbp',
        active: true,
        sort_order: 3,
      }),
    );
  });
});

describe('TaggingPricesCard', () => {
  const prices: TaggingPrices = {
    items: { base: 10, photo_first: 25, photo_additional: 13, document_first: 25, document_additional: 13 },
    video: [{ max_seconds: 60, amount: 60 }],
  };

  it('says the prices were saved, also once the refreshed prices have rebuilt the card', async () => {
    const onSave = vi.fn().mockResolvedValue({});
    const { rerender } = render(
      <>
        <Toaster />
        <TaggingPricesCard key="before" prices={prices} onSave={onSave} />
      </>,
    );
    fireEvent.change(screen.getByLabelText('First photo'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    // The dashboard keys the card by the prices it shows.
    rerender(
      <>
        <Toaster />
        <TaggingPricesCard
          key="after"
          prices={{ ...prices, items: { ...prices.items, photo_first: 30 } }}
          onSave={onSave}
        />
      </>,
    );
    expect(await screen.findByText('Tagging prices saved')).toBeInTheDocument();
  });

  it('sends every item and video tier, and shows the server refusal', async () => {
    const onSave = vi
      .fn()
      .mockRejectedValueOnce({ message: 'Prices must be between 0 and 100,000 TMT', code: '22023' })
      .mockResolvedValue({});
    render(
      <TaggingPricesCard
        prices={{
          items: { base: 10, photo_first: 25, photo_additional: 13, document_first: 25, document_additional: 13 },
          video: [{ max_seconds: 60, amount: 60 }],
        }}
        onSave={onSave}
      />,
    );
    fireEvent.change(screen.getByLabelText('First photo'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Video up to 60 s'), { target: { value: '70' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Prices must be between');
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(onSave).toHaveBeenLastCalledWith({
      base: 10,
      photo_first: 30,
      photo_additional: 13,
      document_first: 25,
      document_additional: 13,
      video: [{ max_seconds: 60, amount: 70 }],
    });
    fireEvent.change(screen.getByLabelText('Registration'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('whole numbers');
    expect(onSave).toHaveBeenCalledTimes(2);
  });
});
