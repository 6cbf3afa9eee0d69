// Validation of the Profile and Settings forms, driven as a user would (typing and submitting).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { checkAvatarFile } from '../lib/avatar-rules';
import { DeleteAccountDialog, WHAT_IS_DELETED } from './delete-account-dialog';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { PreferencesForm } from './preferences-form';
import { ProfileForm } from './profile-form';
import { describeUserAgent } from './sessions-card';
import { qrImageSrc } from './two-factor-card';
import { CodeForm } from './code-form';

const emptyProfile = { full_name: 'Ada Lovelace', phone: null, country: null, bio: null };

describe('ProfileForm', () => {
  it('requires a full name', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<ProfileForm initial={emptyProfile} onSubmit={onSubmit} />);
    await userEvent.clear(screen.getByLabelText(/Full name/));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a phone number that is not one and a bio over 500 characters', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<ProfileForm initial={emptyProfile} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Phone'), 'call me maybe');
    await userEvent.click(screen.getByLabelText('Bio'));
    await userEvent.paste('x'.repeat(501));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Enter a phone number with 6 to 20 digits/)).toBeInTheDocument();
    expect(screen.getByText('Bio must be at most 500 characters')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends trimmed values with empty optional fields as null', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<ProfileForm initial={emptyProfile} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Phone'), ' +44 20 7946 0000 ');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        full_name: 'Ada Lovelace',
        phone: '+44 20 7946 0000',
        country: null,
        bio: null,
      }),
    );
  });

  it('keeps the Save button disabled until something changes', () => {
    render(<ProfileForm initial={emptyProfile} onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });
});

describe('EmailForm', () => {
  it('validates the address and refuses the current one', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<EmailForm currentEmail="ada@example.test" onSubmit={onSubmit} />);
    const input = screen.getByLabelText('New e-mail address');
    await userEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(input, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'ADA@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByText('This is already your e-mail address')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('tells the user to confirm from the mail after a change', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<EmailForm currentEmail="ada@example.test" onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('New e-mail address'), 'new@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByText(/We sent a confirmation link to new@example.test/)).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith('new@example.test');
  });
});

describe('PasswordForm', () => {
  async function fill(current: string, next: string, confirm: string) {
    if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
    if (next) await userEvent.type(screen.getByLabelText('New password'), next);
    if (confirm) await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('asks for the current password', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<PasswordForm onSubmit={onSubmit} />);
    await fill('', 'abcdef', 'abcdef');
    expect(await screen.findByText('Enter your current password')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('enforces the minimum length and matching confirmation', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<PasswordForm onSubmit={onSubmit} />);
    await fill('old-password', 'abcdefg', 'abcdefh');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a new password equal to the current one', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<PasswordForm onSubmit={onSubmit} />);
    await fill('same-password', 'same-password', 'same-password');
    expect(await screen.findByText('The new password must be different from the current one')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits valid values', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<PasswordForm onSubmit={onSubmit} />);
    await fill('old-password', 'new-password', 'new-password');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        currentPassword: 'old-password',
        newPassword: 'new-password',
        confirmPassword: 'new-password',
      }),
    );
  });
});

describe('DeleteAccountDialog', () => {
  it('states what is deleted and requires the password and the typed word', async () => {
    const onConfirm = vi.fn(async () => {});
    render(<DeleteAccountDialog open onOpenChange={vi.fn()} onConfirm={onConfirm} />);
    for (const line of WHAT_IS_DELETED) expect(screen.getByText(line)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Enter your current password')).toBeInTheDocument();
    expect(screen.getByText('Type DELETE to confirm', { selector: 'p' })).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with valid input and shows a server error', async () => {
    const onConfirm = vi.fn(async () => {});
    const { rerender } = render(<DeleteAccountDialog open onOpenChange={vi.fn()} onConfirm={onConfirm} />);
    await userEvent.type(screen.getByLabelText('Current password'), 'secret-pass');
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ password: 'secret-pass', confirmation: 'DELETE' }));
    rerender(
      <DeleteAccountDialog open onOpenChange={vi.fn()} onConfirm={onConfirm} error="Current password is incorrect" />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Current password is incorrect');
  });
});

describe('PreferencesForm', () => {
  const settings = {
    email_notifications: true,
    news_notifications: false,
    security_alerts: true,
    language: 'en',
    time_zone: null,
    cookie_consent: false,
    analytics_consent: false,
    updated_at: '2026-11-22T00:00:00Z',
  };

  it('saves the toggled choices and the browser default time zone as null', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<PreferencesForm settings={settings} onSubmit={onSubmit} />);
    const save = screen.getByRole('button', { name: 'Save preferences' });
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: 'News and announcements' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Security alerts' }));
    await userEvent.click(save);
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        email_notifications: true,
        news_notifications: true,
        security_alerts: false,
        language: 'en',
        time_zone: null,
        cookie_consent: false,
        analytics_consent: false,
      }),
    );
  });

  it('offers the languages the app is written in, each named in itself', () => {
    render(<PreferencesForm settings={settings} onSubmit={vi.fn()} />);
    const options = screen.getByLabelText('Language').querySelectorAll('option');
    expect([...options].map((o) => [o.value, o.textContent])).toEqual([
      ['en', 'English'],
      ['fr', 'Français'],
    ]);
  });
});

describe('CodeForm', () => {
  it('accepts only six digits', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<CodeForm label="Confirm" submitLabel="Verify" busyLabel="Verifying..." onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('6-digit code'), '12a45');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('6-digit code'));
    await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('123456'));
  });
});

describe('helpers', () => {
  it('checks avatar type and size before upload', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkAvatarFile({ type: 'image/svg+xml', size: 1000 })).toBe(
      'Please choose a JPEG, PNG, WebP or GIF image.',
    );
    expect(checkAvatarFile({ type: 'image/jpeg', size: 2 * 1024 * 1024 + 1 })).toBe(
      'The picture must be 2 MB or smaller.',
    );
  });

  it('turns SVG markup into an encoded image URL and keeps encoded data URLs', () => {
    expect(qrImageSrc('<svg></svg>')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%3E%3C%2Fsvg%3E');
    expect(qrImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(qrImageSrc('data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E')).toBe(
      'data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E',
    );
  });

  it('encodes the markup supabase-js prefixes unencoded, so a # colour cannot cut the image off', () => {
    const fromSupabaseJs = 'data:image/svg+xml;utf-8,<svg><path fill="#ffffff" d="M0 0h1"/></svg>';
    const src = qrImageSrc(fromSupabaseJs);
    expect(new URL(src).hash).toBe('');
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toBe('<svg><path fill="#ffffff" d="M0 0h1"/></svg>');
  });

  it('describes user agents', () => {
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0')).toBe(
      'Firefox on Linux',
    );
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(describeUserAgent(null)).toBe('Unknown device');
  });
});
