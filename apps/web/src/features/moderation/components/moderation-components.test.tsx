import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { KeysetPages } from '@/hooks/use-keyset-pages';
import type { AssetReport, FlaggedUnit, ProductReport } from '../api/queues';
import { ActionDialog } from './action-dialog';
import { PagedPanel, stepBackIfEmptied } from './paged-panel';
import { QueueItem } from './queue-item';
import { RecallItem } from './recalls-panel';

const assetReport: AssetReport = {
  id: '11111111-1111-4111-8111-111111111111',
  created_at: '2026-11-25T10:00:00Z',
  reason: 'inappropriate',
  details: 'Rude words in the title',
  asset: { id: 'a1', title: 'Brass lamp', description: 'A lamp', kind: 'general', tags: [], public: true },
};

const productReport = (unit: ProductReport['unit']): ProductReport => ({
  id: '22222222-2222-4222-8222-222222222222',
  created_at: '2026-11-25T11:00:00Z',
  reason: 'counterfeit',
  details: null,
  serial: unit?.serial ?? 'FAKE-1',
  brand: 'Acme Watches',
  brand_verified: true,
  product: {
    id: 'p1',
    name: 'Diver 300',
    gtin: '09506000134352',
    sku: null,
    status: 'active',
    gtin_verified: false,
    released_gtin: null,
  },
  unit,
});

const flagged: FlaggedUnit = {
  id: '33333333-3333-4333-8333-333333333333',
  serial: 'D-1',
  status: 'active',
  scans_24h: 11,
  places_24h: 1,
  shared_scans_24h: 0,
  other_brands: [],
  last_scan_at: '2026-11-25T12:00:00Z',
  brand: 'Acme Watches',
  brand_verified: true,
  product: { id: 'p1', name: 'Diver 300', gtin: '09506000134352', status: 'active', gtin_verified: true },
};

describe('QueueItem', () => {
  it('shows a reported asset with the reason and details, and offers hiding it', () => {
    const onAction = vi.fn();
    render(<QueueItem queue="assets" item={assetReport} onAction={onAction} />);
    const item = screen.getByTestId('queue-item');
    expect(within(item).getByRole('heading', { name: 'Brass lamp' })).toBeTruthy();
    expect(item.textContent).toContain('Offensive or inappropriate');
    expect(item.textContent).toContain('Rude words in the title');
    fireEvent.click(within(item).getByRole('button', { name: 'Hide asset' }));
    expect(onAction).toHaveBeenCalledWith('hide_asset', 'Brass lamp');
  });

  it('offers marking counterfeit only when the reported serial is an issued unit', () => {
    const { rerender } = render(
      <QueueItem
        queue="products"
        item={productReport({ id: 'u1', serial: 'D-1', status: 'active' })}
        onAction={() => undefined}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Mark counterfeit' })).toBeTruthy();
    rerender(<QueueItem queue="products" item={productReport(null)} onAction={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Mark counterfeit' })).toBeNull();
    expect(screen.getByTestId('queue-item').textContent).toContain('never issued');
    expect(screen.getByRole('button', { name: 'Mark product recalled' })).toBeTruthy();
  });

  it('says whether a reported product’s GTIN is under a verified GS1 prefix of its business', () => {
    render(<QueueItem queue="products" item={productReport(null)} onAction={() => undefined} />);
    expect(screen.getByTestId('gtin-verification')).toHaveTextContent('09506000134352 — no verified GS1 prefix');
    expect(screen.getByTestId('queue-item').textContent).toContain('Acme Watches — verified business');
  });

  it('shows a serial other brands also issued, with its checks and those brands', () => {
    render(
      <QueueItem
        queue="flagged"
        item={{ ...flagged, shared_scans_24h: 3, other_brands: ['Alpha Copies'] }}
        onAction={() => undefined}
      />,
    );
    const item = screen.getByTestId('queue-item');
    expect(item.textContent).toContain('Checks of a shared serial in 24 hours3');
    expect(screen.getByTestId('shared-serial-brands')).toHaveTextContent('Alpha Copies');
    expect(screen.getByTestId('gtin-verification')).toHaveTextContent('09506000134352 — verified GS1 prefix');
  });

  it('shows a flagged unit’s scan counts', () => {
    const onAction = vi.fn();
    render(<QueueItem queue="flagged" item={flagged} onAction={onAction} />);
    const item = screen.getByTestId('queue-item');
    expect(item.textContent).toContain('Scans in 24 hours11');
    fireEvent.click(within(item).getByRole('button', { name: 'Mark counterfeit' }));
    expect(onAction).toHaveBeenCalledWith('mark_counterfeit', 'Acme Watches · Diver 300 · D-1');
  });
});

describe('ActionDialog', () => {
  it('refuses an empty reason, then sends the trimmed reason', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    render(<ActionDialog action="dismiss" subject="Brass lamp" onClose={onClose} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByText('Give a reason: it goes to the moderation log')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '  Not a problem  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Not a problem'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the server’s refusal and stays open', async () => {
    const onConfirm = vi.fn().mockRejectedValue({ code: '42501', message: 'Only moderators and admins can do this' });
    const onClose = vi.fn();
    render(<ActionDialog action="warn_user" subject="Brass lamp" onClose={onClose} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('The user receives this reason in the warning e-mail.');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Warn user' }));
    expect(await within(dialog).findByText('You do not have permission to do this.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('RecallItem', () => {
  it('shows a moderator’s recall with its brand, date and reason, and offers ending it with a reason', async () => {
    const onEnd = vi.fn();
    render(
      <RecallItem
        recall={{
          product_id: 'p1',
          name: 'Power bank 20k',
          gtin: '09506000134376',
          sku: null,
          brand: 'Acme Power',
          recalled_at: '2026-11-27T10:00:00Z',
          reason: 'Batteries overheat',
        }}
        onEnd={onEnd}
      />,
    );
    const item = screen.getByTestId('recall-item');
    expect(within(item).getByRole('heading', { name: 'Power bank 20k' })).toBeTruthy();
    expect(item.textContent).toContain('Acme Power · GTIN 09506000134376');
    expect(item.textContent).toContain('Batteries overheat');
    fireEvent.click(within(item).getByRole('button', { name: 'End the recall' }));
    expect(onEnd).toHaveBeenCalled();

    const onConfirm = vi.fn().mockResolvedValue(undefined);
    render(<ActionDialog action="lift_recall" subject="Power bank 20k" onClose={vi.fn()} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: 'End the recall' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Notice withdrawn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End the recall' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Notice withdrawn'));
  });
});

describe('PagedPanel', () => {
  type Row = { id: string; name: string };
  const pages = (page: number): KeysetPages => ({ page, after: null, goTo: vi.fn(), reset: vi.fn() });
  const list = (state: Partial<UseQueryResult<{ items: Row[]; next: { k: string; id: string } | null }>>) =>
    ({ isLoading: false, isError: false, error: null, isPlaceholderData: false, refetch: vi.fn(), ...state }) as never;
  const panel = (l: never, p = pages(0), done: string | null = null) => (
    <PagedPanel<Row>
      list={l}
      pages={p}
      loadingLabel="Loading the rows..."
      done={done}
      empty={<p>Nothing here</p>}
      itemKey={(r) => r.id}
      renderItem={(r) => <span>{r.name}</span>}
      dialog={<p>the dialog</p>}
    />
  );

  it('shows the spinner, then the error with Retry', () => {
    const { rerender } = render(panel(list({ isLoading: true })));
    expect(screen.getByText('Loading the rows...')).toBeInTheDocument();
    const failed = list({ isError: true, error: new Error('boom') });
    rerender(panel(failed));
    expect(screen.getByRole('alert')).toHaveTextContent('boom');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((failed as { refetch: () => void }).refetch).toHaveBeenCalledOnce();
    expect(screen.queryByText('the dialog')).not.toBeInTheDocument();
  });

  it('shows the done note, the items, the pager with Next when there is a next page, and the dialog', () => {
    const p = pages(0);
    const next = { k: 'x', id: '33333333-3333-4333-8333-333333333333' };
    render(panel(list({ data: { items: [{ id: '1', name: 'First row' }], next } }), p, 'Done: First'));
    expect(screen.getByRole('status')).toHaveTextContent('Done: First');
    expect(screen.getByText('First row')).toBeInTheDocument();
    expect(screen.getByText('the dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(p.goTo).toHaveBeenCalledWith(1, next);
  });

  it('shows the empty state, and a page its last item left steps back', () => {
    render(panel(list({ data: { items: [], next: null } })));
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const second = pages(1);
    stepBackIfEmptied(second, { items: [{ id: '1' }], next: null });
    expect(second.goTo).toHaveBeenCalledWith(0, null);
    const first = pages(0);
    stepBackIfEmptied(first, { items: [{ id: '1' }], next: null });
    stepBackIfEmptied(second, { items: [{ id: '1' }, { id: '2' }], next: null });
    expect(first.goTo).not.toHaveBeenCalled();
    expect(second.goTo).toHaveBeenCalledTimes(1);
  });
});
