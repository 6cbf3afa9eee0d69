import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@supabase/supabase-js';
import { StaticAuthProvider } from '@/lib/auth';
import { type UserProfile } from '@/lib/profile';
import { clearConsoleEntries, installConsoleCapture } from '../console-capture';
import type { BugReportPayload } from '../api/submit-bug-report';
import { BugReportButton, SUCCESS_MESSAGE } from './bug-report-button';

const user = { id: 'user-1', email: 'u@example.test' } as User;
const profile = {
  id: 'user-1',
  email: 'u@example.test',
  role: 'standard',
  is_business_user: false,
  full_name: 'U',
  avatar_url: null,
} as UserProfile;
const SHOT = 'data:image/jpeg;base64,/9j/AA==';
// Generous waits: the suite shares a busy machine; nothing here asserts on timing.
const WAIT = { timeout: 5000 };
configure({ asyncUtilTimeout: 5000 });

function renderButton(
  props: { capture?: () => Promise<string>; send?: (p: BugReportPayload) => Promise<unknown> },
  signedIn = true,
) {
  return render(
    <StaticAuthProvider
      value={signedIn ? { user, profile, initialized: true } : { user: null, profile: null, initialized: true }}
    >
      <Toaster />
      <BugReportButton {...props} />
    </StaticAuthProvider>,
  );
}

describe('BugReportButton', () => {
  beforeEach(() => clearConsoleEntries());

  it('is not shown when signed out', () => {
    renderButton({}, false);
    expect(screen.queryByRole('button', { name: 'Report a Bug' })).not.toBeInTheDocument();
  });

  it('opens, captures after the delay, and shows the captured state', async () => {
    let resolve!: (v: string) => void;
    const capture = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    renderButton({ capture });
    const button = screen.getByRole('button', { name: 'Report a Bug' });
    expect(button).toHaveAttribute('title', 'Report a Bug');
    fireEvent.click(button);
    // The capture waits for the modal to paint (a timer), so it cannot have started yet.
    expect(capture).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog', { name: 'Report a Bug' });
    expect(within(dialog).getByText('Capturing screenshot...')).toBeInTheDocument();
    await vi.waitFor(() => expect(capture).toHaveBeenCalledTimes(1), WAIT);
    resolve(SHOT);
    expect(await within(dialog).findByText('Screenshot captured!')).toBeInTheDocument();
  });

  it('reports a failed capture and keeps Submit disabled', async () => {
    renderButton({ capture: () => Promise.reject(new Error('canvas tainted')) });
    await userEvent.click(screen.getByRole('button', { name: 'Report a Bug' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Failed to capture screenshot')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Describe the issue'), 'Broken');
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('shows the last 10 console entries and sends the last 20 with the payload; on success thanks, closes and clears', async () => {
    const target = { error: () => undefined, warn: () => undefined, log: () => undefined } as unknown as Console;
    installConsoleCapture(target);
    for (let i = 0; i < 25; i++) target.error(`oops ${i}`);
    const send = vi.fn(async (_p: BugReportPayload) => ({ id: 'r1' }));
    renderButton({ capture: async () => SHOT, send });
    await userEvent.click(screen.getByRole('button', { name: 'Report a Bug' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Screenshot captured!');
    const items = within(within(dialog).getByRole('region', { name: 'Recent console activity' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(10);
    expect(items[0]).toHaveTextContent('oops 15');
    await userEvent.type(within(dialog).getByLabelText('Describe the issue'), '  Save does nothing  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(SUCCESS_MESSAGE)).toBeInTheDocument();
    const payload = send.mock.calls[0]![0];
    expect(payload.errorMessage).toBe('Save does nothing');
    expect(payload.screenshotBase64).toBe(SHOT);
    expect(payload.consoleLogs.split('\n')).toHaveLength(20);
    expect(payload.consoleLogs.split('\n')[0]).toContain('oops 5');
    expect(payload.metadata).toMatchObject({
      userRole: 'standard',
      userId: 'user-1',
      viewport: { width: window.innerWidth, height: window.innerHeight },
    });
    expect(payload.pageUrl).toBe(window.location.href);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    // Re-opening starts from a clean form.
    await userEvent.click(screen.getByRole('button', { name: 'Report a Bug' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('Describe the issue')).toHaveValue('');
  });

  it("shows the server's error, or the generic failure text, and keeps the modal open", async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('Too many bug reports')).mockRejectedValueOnce({});
    renderButton({ capture: async () => SHOT, send });
    await userEvent.click(screen.getByRole('button', { name: 'Report a Bug' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Screenshot captured!');
    await userEvent.type(within(dialog).getByLabelText('Describe the issue'), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Too many bug reports')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to submit bug report')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Cancel clears the description and screenshot', async () => {
    // The second capture (on re-opening) never finishes, so the old screenshot cannot come back.
    const capture = vi
      .fn()
      .mockResolvedValueOnce(SHOT)
      .mockReturnValueOnce(new Promise<string>(() => undefined));
    renderButton({ capture });
    await userEvent.click(screen.getByRole('button', { name: 'Report a Bug' }));
    let dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Screenshot captured!');
    await userEvent.type(within(dialog).getByLabelText('Describe the issue'), 'draft');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Report a Bug' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Describe the issue')).toHaveValue('');
    expect(within(dialog).getByText('Capturing screenshot...')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: 'Screenshot preview' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
  });
});
