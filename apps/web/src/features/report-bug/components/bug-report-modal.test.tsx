import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { validateBugReport } from '../lib/validate';
import { BugReportModal, type BugReportModalProps } from './bug-report-modal';

// Generous waits: the suite shares a busy machine; nothing here asserts on timing.
configure({ asyncUtilTimeout: 5000 });

function renderModal(over: Partial<BugReportModalProps> = {}) {
  const props: BugReportModalProps = {
    open: true,
    description: '',
    onDescriptionChange: vi.fn(),
    screenshotStatus: 'idle',
    screenshot: null,
    onRetakeScreenshot: vi.fn(),
    consoleEntries: [],
    submitting: false,
    onSubmit: vi.fn(),
    onCancel: vi.fn(),
    ...over,
  };
  render(<BugReportModal {...props} />);
  return props;
}

describe('BugReportModal', () => {
  it('shows the title, description field, privacy notice and a disabled Submit', async () => {
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Report a Bug' });
    expect(within(dialog).getByLabelText('Describe the issue')).toBeInTheDocument();
    expect(within(dialog).getByText(/includes a screenshot .* and your recent console activity/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(within(dialog).getByText('No console errors or warnings captured.')).toBeInTheDocument();
  });

  it.each([
    ['capturing', 'Capturing screenshot...'],
    ['captured', 'Screenshot captured!'],
    ['failed', 'Failed to capture screenshot'],
  ] as const)('shows the %s screenshot status', async (status, text) => {
    renderModal({ screenshotStatus: status });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('enables Submit only with both a description and a screenshot', async () => {
    const { unmount } = render(<BugReportModal {...base()} description="broken" />);
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeDisabled();
    unmount();
    const { unmount: u2 } = render(
      <BugReportModal {...base()} description="  " screenshot="data:image/jpeg;base64,AA" />,
    );
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeDisabled();
    u2();
    const props = renderModal({
      description: 'broken',
      screenshot: 'data:image/jpeg;base64,AA',
      screenshotStatus: 'captured',
    });
    const submit = await screen.findByRole('button', { name: 'Submit' });
    expect(submit).toBeEnabled();
    expect(screen.getByRole('img', { name: 'Screenshot preview' })).toHaveAttribute('src', 'data:image/jpeg;base64,AA');
    fireEvent.click(submit);
    expect(props.onSubmit).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onCancel).toHaveBeenCalled();
  });

  it('lists the console entries it is given', async () => {
    renderModal({
      consoleEntries: [
        { level: 'error', message: 'Save failed', timestamp: '2026-11-22T02:00:00.000Z' },
        { level: 'warn', message: 'Slow', timestamp: '2026-11-22T02:00:01.000Z' },
      ],
    });
    const section = await screen.findByRole('region', { name: 'Recent console activity' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['[2026-11-22T02:00:00.000Z] [ERROR] Save failed', '[2026-11-22T02:00:01.000Z] [WARN] Slow']);
  });
});

describe('validateBugReport', () => {
  it('requires a description, then a screenshot', () => {
    expect(validateBugReport('  ', 'data:x')).toBe('Please describe the issue');
    expect(validateBugReport('broken', null)).toBe('Screenshot is required');
    expect(validateBugReport('broken', 'data:x')).toBeNull();
  });
});

function base(): BugReportModalProps {
  return {
    open: true,
    description: '',
    onDescriptionChange: () => undefined,
    screenshotStatus: 'idle',
    screenshot: null,
    onRetakeScreenshot: () => undefined,
    consoleEntries: [],
    submitting: false,
    onSubmit: () => undefined,
    onCancel: () => undefined,
  };
}
