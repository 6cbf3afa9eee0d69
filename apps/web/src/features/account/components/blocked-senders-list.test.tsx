// The blocked-senders list in Settings: names and items, never addresses, and unblocking.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BlockedSendersList } from './blocked-senders-list';

const senders = [
  { id: 'b1', sender_name: 'Pest', asset_title: 'Road bike', created_at: '2026-11-20T10:00:00Z' },
  { id: 'b2', sender_name: null, asset_title: null, created_at: '2026-11-21T10:00:00Z' },
];

describe('BlockedSendersList', () => {
  it('lists each blocked sender by the name they gave and the item, and unblocks one', async () => {
    const onUnblock = vi.fn();
    render(<BlockedSendersList senders={senders} onUnblock={onUnblock} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('“Pest”');
    expect(items[0]).toHaveTextContent('Wrote about Road bike');
    expect(items[1]).toHaveTextContent('A sender who gave no name');
    await userEvent.click(screen.getByRole('button', { name: 'Unblock Pest' }));
    expect(onUnblock).toHaveBeenCalledWith('b1');
  });

  it('says so when nobody is blocked', () => {
    render(<BlockedSendersList senders={[]} onUnblock={vi.fn()} />);
    expect(screen.getByText(/You have not blocked anyone/)).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
