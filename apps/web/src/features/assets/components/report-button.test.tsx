import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReportButton } from './report-button';

describe('ReportButton', () => {
  it('asks for a reason from the list, then sends the report and thanks the visitor', async () => {
    const onReport = vi.fn().mockResolvedValue({ reported: true });
    render(<ReportButton subject={{ target: 'asset', assetId: 'a1' }} label="Report" onReport={onReport} />);
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose a reason', { selector: '[role=alert]' })).toBeTruthy();
    expect(onReport).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: 'stolen' } });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: ' Mine, taken in May ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(onReport).toHaveBeenCalledWith({
        target: 'asset',
        assetId: 'a1',
        reason: 'stolen',
        details: 'Mine, taken in May',
      }),
    );
    expect(await screen.findByTestId('report-sent')).toBeTruthy();
  });

  it('offers product reasons on a scan page and shows a refusal such as the rate limit', async () => {
    const onReport = vi.fn().mockRejectedValue({ code: 'rate_limited', message: 'Too many reports.' });
    render(
      <ReportButton
        subject={{ target: 'product', gtin: '09506000134352', serial: 'D-1' }}
        label="Report a suspicious product"
        onReport={onReport}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Report a suspicious product' }));
    const dialog = screen.getByRole('dialog');
    const options = within(dialog)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(options).toEqual(['', 'counterfeit', 'scam', 'other']);
    fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: 'counterfeit' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Too many attempts. Please wait a moment and try again.')).toBeTruthy();
    expect(onReport).toHaveBeenCalledWith({
      target: 'product',
      gtin: '09506000134352',
      serial: 'D-1',
      reason: 'counterfeit',
      details: undefined,
    });
  });
});
