import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FunctionError } from '@/lib/call-function';
import { DownloadButton } from './download-button';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { error: toastError } }));

describe('DownloadButton', () => {
  it('downloads on click, and tells a failure as downloadFailure words it', async () => {
    const download = vi.fn(() => Promise.reject(new FunctionError('too large', 413, { code: 'archive_too_large' })));
    render(
      <DownloadButton pending={false} download={download} aria-label="Download the archive">
        Archive
      </DownloadButton>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download the archive' }));
    expect(download).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'These files are too large for one archive. Download each asset on its own, or open its files one by one.',
      ),
    );
  });

  it('shows its pending state while a download runs', () => {
    render(
      <DownloadButton pending download={() => Promise.resolve()}>
        Archive
      </DownloadButton>,
    );
    expect(screen.getByRole('button')).toBeDisabled();
  });
});
