// The contact-owner flow as the visitor and the owner see it: the form ends at "check your inbox"
// (never claiming the owner was contacted), the confirm page's states, and the block / report forms.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/api-error';
import { ContactConfirmResult, confirmStateOf } from './contact-confirm-result';
import { ContactOwnerForm } from './contact-owner-form';
import { SenderActionForm } from './sender-action-form';

const ASSET = '6f1c2a3b-0000-4000-8000-000000000001';

async function fill(email: string, message: string, name = '') {
  await userEvent.type(screen.getByLabelText(/Your e-mail/), email);
  if (name) await userEvent.type(screen.getByLabelText(/Your name/), name);
  if (message) await userEvent.type(screen.getByLabelText(/Message/), message);
  await userEvent.click(screen.getByRole('button', { name: 'Send to the owner' }));
}

describe('ContactOwnerForm', { timeout: 20_000 }, () => {
  it('asks the visitor to confirm by e-mail and does not claim the owner was contacted', async () => {
    const onSend = vi.fn(async () => ({ status: 'confirmation_sent' }));
    render(<ContactOwnerForm assetId={ASSET} onSend={onSend} />);
    await fill(' finn@example.test ', 'I found your bike', 'Finn');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Check your inbox to confirm');
    expect(status).toHaveTextContent('finn@example.test');
    expect(status).toHaveTextContent('Nothing has been sent to the owner yet.');
    expect(status).not.toHaveTextContent(/was sent to the owner/);
    expect(onSend).toHaveBeenCalledWith({
      assetId: ASSET,
      senderEmail: 'finn@example.test',
      senderName: 'Finn',
      message: 'I found your bike',
    });
  });

  it('checks the address and the message before sending', async () => {
    const onSend = vi.fn(async () => undefined);
    render(<ContactOwnerForm assetId={ASSET} onSend={onSend} />);
    await fill('not-an-email', 'hello');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid e-mail address');
    await userEvent.clear(screen.getByLabelText(/Your e-mail/));
    await userEvent.clear(screen.getByLabelText(/Message/));
    await fill('finn@example.test', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Write a message');
    expect(onSend).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and lets the visitor try again", async () => {
    const onSend = vi.fn(async () => {
      throw new AppError('Too many messages. Please try again later.', { status: 429, code: 'rate_limited' });
    });
    render(<ContactOwnerForm assetId={ASSET} onSend={onSend} />);
    await fill('finn@example.test', 'hello');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many messages. Please try again later.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to the owner' })).toBeEnabled();
  });
});

describe('contact confirm page states', () => {
  it('maps the server answers to states', () => {
    expect(confirmStateOf(undefined, null, false)).toEqual({ kind: 'invalid' });
    expect(confirmStateOf(undefined, null, true)).toEqual({ kind: 'pending' });
    expect(confirmStateOf({ status: 'sent' }, null, true)).toEqual({ kind: 'sent' });
    expect(confirmStateOf({ status: 'already_sent' }, null, true)).toEqual({ kind: 'already_sent' });
    expect(confirmStateOf(undefined, new AppError('gone', { status: 410, code: 'expired' }), true)).toEqual({
      kind: 'expired',
    });
    expect(confirmStateOf(undefined, new AppError('bad', { status: 404, code: 'invalid_token' }), true)).toEqual({
      kind: 'invalid',
    });
    expect(confirmStateOf(undefined, new AppError('Slow down', { status: 429, code: 'rate_limited' }), true)).toEqual({
      kind: 'error',
      message: 'Slow down',
    });
  });

  it.each([
    [{ kind: 'sent' } as const, 'Your message was sent to the owner'],
    [{ kind: 'already_sent' } as const, 'This message was already sent'],
    [{ kind: 'expired' } as const, 'This link has expired'],
    [{ kind: 'invalid' } as const, 'This link is not valid'],
  ])('shows %o', (state, title) => {
    render(<ContactConfirmResult state={state} />);
    expect(screen.getByTestId('contact-confirm-title')).toHaveTextContent(title);
  });

  it('offers a retry after a refusal such as the daily limit', async () => {
    const onRetry = vi.fn();
    render(
      <ContactConfirmResult
        state={{ kind: 'error', message: 'You have sent many messages today.' }}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Your message was not sent');
    expect(screen.getByRole('alert')).toHaveTextContent('You have sent many messages today.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says it is sending while the link is being confirmed', () => {
    render(<ContactConfirmResult state={{ kind: 'pending' }} />);
    expect(screen.getByText(/Confirming your address/)).toBeInTheDocument();
  });
});

describe('SenderActionForm', () => {
  it('blocks the sender and points to Settings', async () => {
    const onConfirm = vi.fn(async () => undefined);
    render(
      <MemoryRouter>
        <SenderActionForm action="block" onConfirm={onConfirm} />
      </MemoryRouter>,
    );
    expect(screen.queryByLabelText(/What is wrong/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Block this sender' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The sender is blocked');
    expect(screen.getByRole('link', { name: /Blocked senders in Settings/ })).toHaveAttribute('href', '/settings');
  });

  it('reports abuse with a reason and shows a refusal from the server', async () => {
    const onConfirm = vi
      .fn<(reason: string) => Promise<unknown>>()
      .mockRejectedValueOnce(new AppError('Message not found', { code: 'P0002' }))
      .mockResolvedValueOnce(undefined);
    render(
      <MemoryRouter>
        <SenderActionForm action="report" onConfirm={onConfirm} />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByLabelText(/What is wrong/), 'Phishing');
    await userEvent.click(screen.getByRole('button', { name: 'Report abuse' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Message not found');
    await userEvent.click(screen.getByRole('button', { name: 'Report abuse' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('reported to our moderators'));
    expect(onConfirm).toHaveBeenLastCalledWith('Phishing');
  });
});
