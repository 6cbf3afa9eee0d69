import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ForgotPasswordForm } from './forgot-password-form';
import { MfaForm } from './mfa-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

function renderInRouter(ui: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

describe('SignInForm', () => {
  it('requires e-mail and password', async () => {
    const onSubmit = vi.fn(async (_values: unknown) => {});
    const user = renderInRouter(<SignInForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects an invalid e-mail and submits a valid form', async () => {
    const onSubmit = vi.fn(async (_values: unknown) => {});
    const user = renderInRouter(<SignInForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ email: 'ada@example.com', password: 'secret' });
  });

  it('submits what a password manager filled in without telling the page', async () => {
    const onSubmit = vi.fn(async (_values: unknown) => {});
    const user = renderInRouter(<SignInForm onSubmit={onSubmit} />);
    // Chrome fills saved credentials at load and shows them, but sends no input event the app hears.
    (screen.getByLabelText('Email') as HTMLInputElement).value = 'ada@example.com';
    (screen.getByLabelText('Password') as HTMLInputElement).value = 'saved-secret';
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ email: 'ada@example.com', password: 'saved-secret' });
    expect(screen.getByLabelText('Password')).toHaveValue('saved-secret');
  });

  it('shows the server error it is given', () => {
    renderInRouter(<SignInForm onSubmit={async () => {}} error="Invalid email or password." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.');
  });

  it('links to the forgot-password screen', () => {
    renderInRouter(<SignInForm onSubmit={async () => {}} />);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('SignUpForm', () => {
  it('requires full name, e-mail and an 8-character password', async () => {
    const onSubmit = vi.fn(async (_values: unknown) => {});
    const user = renderInRouter(<SignUpForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Full Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Tl-hors');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Password'), 'e');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ fullName: 'Ada', email: 'ada@example.com', password: 'Tl-horse' });
  });
});

describe('ForgotPasswordForm', () => {
  it("requires a valid e-mail; 'Send Reset Link' becomes 'Sending...'", async () => {
    let finish: () => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = renderInRouter(<ForgotPasswordForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'bad@');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    finish();
    expect(await screen.findByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
  });

  it('shows the success text, the error in red and Back to Login', () => {
    renderInRouter(<ForgotPasswordForm onSubmit={async () => {}} sent error="Too many attempts." />);
    expect(screen.getByText('Check your email for the password reset link!')).toBeInTheDocument();
    expect(screen.getByText('Too many attempts.')).toHaveClass('text-red-600');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });
});

describe('ResetPasswordForm', () => {
  it('checks length and that both passwords match', async () => {
    const onSubmit = vi.fn(async (_values: unknown) => {});
    const user = renderInRouter(<ResetPasswordForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('New Password'), '123');
    await user.type(screen.getByLabelText('Confirm Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'Tl-horse-1');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'Tl-horse-2');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'Tl-horse-1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
  });

  it("shows 'Updating...' while saving", async () => {
    const user = renderInRouter(<ResetPasswordForm onSubmit={() => new Promise<void>(() => {})} />);
    await user.type(screen.getByLabelText('New Password'), 'Tl-horse-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'Tl-horse-1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
  });
});

describe('MfaForm', () => {
  it('needs exactly six digits', async () => {
    const onSubmit = vi.fn(async (_values: unknown) => {});
    const user = renderInRouter(<MfaForm onSubmit={onSubmit} onCancel={() => {}} />);
    await user.type(screen.getByLabelText('Authentication code'), '12a45');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ code: '123456' }, expect.anything()));
  });
});
