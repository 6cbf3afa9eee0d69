import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BugReport } from '../api/types';
import { BugReportDetail, type BugReportDetailProps } from './bug-report-detail';

// Generous waits: the suite shares a busy machine; nothing here asserts on timing.
configure({ asyncUtilTimeout: 5000 });

const report: BugReport = {
  id: 'r1',
  user_id: 'u1',
  error_message: 'Save does nothing',
  user_email: 'rita@example.test',
  user_name: 'Rita',
  page_url: 'http://localhost/assets',
  status: 'new',
  priority: 'medium',
  screenshot_path: 'u1/r1.jpg',
  console_logs: '[t] [ERROR] Save failed',
  user_agent: 'Mozilla/5.0 (test)',
  metadata: { viewport: { width: 1280, height: 800 } },
  admin_notes: null,
  created_at: '2026-11-22T02:00:00Z',
  updated_at: '2026-11-22T02:00:00Z',
};

function renderDetail(over: Partial<BugReportDetailProps> = {}) {
  const props: BugReportDetailProps = {
    open: true,
    report,
    loading: false,
    screenshotUrl: 'http://localhost/storage/v1/object/sign/bug-screenshots/u1/r1.jpg?token=t',
    screenshotFailed: false,
    saving: false,
    deleting: false,
    onClose: vi.fn(),
    onChange: vi.fn(),
    onDelete: vi.fn(),
    ...over,
  };
  render(<BugReportDetail {...props} />);
  return props;
}

describe('BugReportDetail', () => {
  it('shows the screenshot, description, console logs, reporter and technical details', async () => {
    renderDetail();
    const dialog = await screen.findByRole('dialog', { name: 'Bug Report Details' });
    expect(within(dialog).getByRole('img', { name: 'Bug report screenshot' })).toHaveAttribute(
      'src',
      expect.stringContaining('/object/sign/'),
    );
    expect(within(dialog).getByText('Save does nothing')).toBeInTheDocument();
    expect(within(dialog).getByText('[t] [ERROR] Save failed')).toBeInTheDocument();
    expect(within(dialog).getByText('rita@example.test')).toBeInTheDocument();
    expect(within(dialog).getByText('Mozilla/5.0 (test)')).toBeInTheDocument();
    expect(within(dialog).getByText(/"width": 1280/)).toBeInTheDocument();
  });

  it('changes status and priority, and saves notes', async () => {
    const props = renderDetail();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Status'), { target: { value: 'resolved' } });
    expect(props.onChange).toHaveBeenCalledWith({ status: 'resolved' });
    fireEvent.change(within(dialog).getByLabelText('Priority'), { target: { value: 'critical' } });
    expect(props.onChange).toHaveBeenCalledWith({ priority: 'critical' });
    await userEvent.type(within(dialog).getByLabelText('Admin notes'), 'Fixed in 1.2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Notes' }));
    expect(props.onChange).toHaveBeenCalledWith({ admin_notes: 'Fixed in 1.2' });
  });

  it('deletes after confirmation', async () => {
    const props = renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Report' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Bug Report' });
    expect(within(confirm).getByText(/Its screenshot will be deleted too/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete Report' }));
    expect(props.onDelete).toHaveBeenCalled();
  });

  it('says when there is no screenshot or it failed to load', async () => {
    renderDetail({ report: { ...report, screenshot_path: null } });
    expect(await screen.findByText('No screenshot.')).toBeInTheDocument();
  });
});
