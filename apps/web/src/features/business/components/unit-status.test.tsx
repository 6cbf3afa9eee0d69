// The product page's status controls, driven as a user would: a unit's status is picked from
// active / sold / recalled (never counterfeit, and a counterfeit verdict has no control at all),
// a failed save puts the old status back, and a recall asks for confirmation first.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ProductRecall } from './product-recall';
import { UnitStatusControl } from './unit-status-control';

describe('UnitStatusControl', () => {
  it('offers active, sold and recalled, and saves the one chosen', async () => {
    const onChange = vi.fn(async () => {});
    render(<UnitStatusControl serial="SN-0001" status="active" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Status of SN-0001' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Active', 'Sold', 'Recalled']);
    await userEvent.selectOptions(select, 'sold');
    expect(onChange).toHaveBeenCalledWith('sold');
  });

  it('puts the previous status back when the save fails', async () => {
    let fail: (e: Error) => void = () => {};
    const onChange = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    render(<UnitStatusControl serial="SN-0002" status="sold" onChange={onChange} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status of SN-0002' });
    await userEvent.selectOptions(select, 'recalled');
    expect(select.value).toBe('recalled');
    expect(select.disabled).toBe(true);
    fail(new Error('denied'));
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(select.value).toBe('sold');
  });

  it('shows a moderator’s counterfeit verdict with nothing to change it', () => {
    render(<UnitStatusControl serial="SN-0003" status="counterfeit" onChange={vi.fn(async () => {})} />);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByText('Counterfeit (moderator’s verdict)')).toBeTruthy();
  });
});

describe('ProductRecall', () => {
  it('recalls only after confirmation, and a cancel changes nothing', async () => {
    const onChange = vi.fn(async () => {});
    render(<ProductRecall name="Diver 300" status="active" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Recall product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recall Diver 300?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Recall product' }));
    const again = await screen.findByRole('dialog', { name: 'Recall Diver 300?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Recall product' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('recalled'));
  });

  it('says a recalled product is recalled and can end the recall', async () => {
    const onChange = vi.fn(async () => {});
    render(<ProductRecall name="Diver 300" status="recalled" onChange={onChange} />);
    expect(screen.getByRole('status').textContent).toContain('This product is recalled');
    await userEvent.click(screen.getByRole('button', { name: 'End the recall' }));
    expect(onChange).toHaveBeenCalledWith('active');
  });

  it('shows a moderator’s recall with its reason, and nothing to end it', () => {
    const onChange = vi.fn(async () => {});
    render(
      <MemoryRouter>
        <ProductRecall
          name="Power bank"
          status="recalled"
          moderatorRecall={{ at: '2026-11-27T10:00:00Z', reason: 'Batteries overheat' }}
          onChange={onChange}
        />
      </MemoryRouter>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('A moderator recalled this product on');
    expect(status.textContent).toContain('The moderator’s reason: Batteries overheat');
    expect(status.textContent).toContain('Only a moderator can end this recall.');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Think it is wrong? Contact support' }).getAttribute('href')).toBe(
      '/support',
    );
  });
});
