import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorRetry, LoadingBlock, RetryBanner } from './load-state';

describe('load states', () => {
  it('shows the error text and retries on request', async () => {
    const onRetry = vi.fn();
    render(<ErrorRetry message="network down" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error: network down');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('names what is loading', () => {
    render(<LoadingBlock label="Loading articles..." />);
    expect(screen.getByText('Loading articles...')).toBeInTheDocument();
  });

  it('puts what failed above a screen, with Retry', async () => {
    const onRetry = vi.fn();
    render(<RetryBanner message="We could not load your wallet." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your wallet.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
