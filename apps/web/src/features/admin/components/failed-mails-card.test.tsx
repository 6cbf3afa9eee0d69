import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FailedMailsCard } from './failed-mails-card';

const mail = {
  id: 7,
  to_address: 'ann@example.test',
  subject: 'Confirm your e-mail address',
  attempts: 12,
  last_error: 'connect ECONNREFUSED 127.0.0.1:25',
  created_at: '2026-11-20T10:00:00Z',
  failed_at: '2026-11-21T10:00:00Z',
};

describe('FailedMailsCard', () => {
  it('lists undelivered mail with its error and queues one again', () => {
    const onRetry = vi.fn();
    render(<FailedMailsCard mails={[mail]} busyId={null} onRetry={onRetry} />);
    const row = screen.getByTestId('failed-mail');
    expect(within(row).getByText('ann@example.test')).toBeTruthy();
    expect(within(row).getByText('Confirm your e-mail address')).toBeTruthy();
    expect(row.textContent).toContain('12 attempts');
    expect(row.textContent).toContain('ECONNREFUSED');
    fireEvent.click(within(row).getByRole('button', { name: 'Send again' }));
    expect(onRetry).toHaveBeenCalledWith(7);
  });

  it('disables the button of the mail being queued, and says when nothing failed', () => {
    const { rerender } = render(<FailedMailsCard mails={[mail]} busyId={7} onRetry={() => undefined} />);
    expect((screen.getByRole('button', { name: 'Queuing…' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<FailedMailsCard mails={[]} busyId={null} onRetry={() => undefined} />);
    expect(screen.getByText('Every mail was delivered.')).toBeTruthy();
  });
});
