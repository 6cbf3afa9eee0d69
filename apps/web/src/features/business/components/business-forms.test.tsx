// Validation of the business forms, driven as a user would (typing and submitting): each says what
// is wrong before anything is sent, and sends clean values when all is right.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ImportUnitsReport, LabelSheetPlan, UnitLabelsRange } from '@tagledger/functions-api';
import { AddUnitForm } from './add-unit-form';
import { BusinessProfileForm } from './business-profile-form';
import { CsvImport } from './csv-import';
import { LabelSheetForm } from './label-sheet-form';
import { ProductForm } from './product-form';
import { UnitRangeForm } from './unit-range-form';

describe('ProductForm', () => {
  it('asks for a name and a GTIN or SKU', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<ProductForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Enter the product name')).toBeInTheDocument();
    expect(screen.getByText('Enter a GTIN or a SKU')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a GTIN of the wrong length or with a wrong check digit', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<ProductForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/Product name/), 'Diver 300');
    await userEvent.type(screen.getByLabelText('GTIN'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('A GTIN has 8, 12, 13 or 14 digits')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('GTIN'));
    await userEvent.type(screen.getByLabelText('GTIN'), '4006381333932');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(
      await screen.findByText('This GTIN’s check digit is wrong: check the number on the barcode'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses attributes not written as Name: value, and sends a valid product', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<ProductForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/Product name/), 'Diver 300');
    await userEvent.type(screen.getByLabelText('GTIN'), '4006381333931');
    await userEvent.type(screen.getByLabelText('Attributes'), 'just words');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Write one attribute per line as Name: value')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Attributes'));
    await userEvent.type(screen.getByLabelText('Attributes'), 'Case: steel');
    await userEvent.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Diver 300', gtin: '4006381333931', attributes: 'Case: steel' }),
      [],
    );
  });
});

describe('BusinessProfileForm', () => {
  it('asks for a brand name and an https web address', async () => {
    const onSubmit = vi.fn(async () => {});
    render(
      <BusinessProfileForm
        initial={{ brand_name: '', website: null, support_contact: null, logo_path: null }}
        onSubmit={onSubmit}
      />,
    );
    await userEvent.type(screen.getByLabelText('Website'), 'http://acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Enter your brand name')).toBeInTheDocument();
    expect(screen.getByText('Enter a web address starting with https://')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a logo that is not a JPEG, PNG or WebP image', async () => {
    render(
      <BusinessProfileForm
        initial={{ brand_name: 'Acme', website: null, support_contact: null, logo_path: null }}
        onSubmit={vi.fn(async () => {})}
      />,
    );
    const gif = new File(['GIF89a'], 'logo.gif', { type: 'image/gif' });
    await userEvent.upload(screen.getByLabelText('Logo'), gif, { applyAccept: false });
    expect(await screen.findByText('Choose a JPEG, PNG or WebP image')).toBeInTheDocument();
  });
});

describe('AddUnitForm and UnitRangeForm', () => {
  it('refuses a serial with spaces or slashes', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<AddUnitForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Serial number'), 'SN 1/2');
    await userEvent.click(screen.getByRole('button', { name: 'Add unit' }));
    expect(await screen.findByText('Use 1–64 letters, digits, dots, dashes or underscores')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('previews the range, caps it at 10,000 and checks the digits fit', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<UnitRangeForm onSubmit={onSubmit} />);
    expect(screen.getByText('Adds SN-0001 to SN-0100')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('How many'));
    await userEvent.type(screen.getByLabelText('How many'), '10001');
    await userEvent.click(screen.getByRole('button', { name: 'Add range' }));
    expect(await screen.findByText('At most 10,000 units at once: import a CSV for more')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('How many'));
    await userEvent.type(screen.getByLabelText('How many'), '10000');
    await userEvent.click(screen.getByRole('button', { name: 'Add range' }));
    expect(await screen.findByText('The last number has more digits than this')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Digits'));
    await userEvent.type(screen.getByLabelText('Digits'), '5');
    expect(screen.getByText('Adds SN-00001 to SN-10000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add range' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ prefix: 'SN-', start: 1, count: 10000, width: 5 }));
  });
});

describe('CsvImport', () => {
  it('asks for a file first, then shows progress and the row-by-row report', async () => {
    const report: ImportUnitsReport = {
      inserted: 2,
      skipped: 1,
      errorCount: 1,
      errors: [{ line: 4, code: 'invalid_status', message: 'Status must be active, sold or recalled' }],
      lines: 4,
      complete: true,
    };
    const onImport = vi.fn(async (_file: File, onProgress: (f: number) => void) => {
      onProgress(0.5);
      return report;
    });
    render(<CsvImport onImport={onImport} />);
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Choose a CSV file first')).toBeInTheDocument();
    const csv = new File(['serial\nA-1\nA-2\nA-3,broken\n'], 'units.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('CSV file'), csv);
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('2 added, 1 already there, 1 with an error.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('cell', { name: 'Status must be active, sold or recalled' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the error report' })).toBeInTheDocument();
  });
});

describe('LabelSheetForm', () => {
  it('checks the serial range before asking for a sheet, then asks for the chosen layout', async () => {
    const onDownload = vi.fn(async () => {});
    const onPlan = vi.fn(async () => ({
      count: 22,
      countCapped: false,
      maxLabels: 1000,
      batches: [{ fromSerial: 'SN-0009', toSerial: 'SN-0030', count: 22 }],
      nextFromSerial: null,
    }));
    render(<LabelSheetForm productId="p-1" selectedUnitIds={[]} onPlan={onPlan} onDownload={onDownload} />);
    expect(
      screen.getByText('One PDF file holds at most 1,000 labels: a longer range is printed in several files.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Empty: to the last unit')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('From serial'), 'SN-0009');
    await userEvent.type(screen.getByLabelText('To serial'), 'SN-0001');
    await userEvent.click(screen.getByRole('button', { name: 'Download label sheet (PDF)' }));
    expect(await screen.findByText('The last serial comes before the first')).toBeInTheDocument();
    expect(onDownload).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Labels for 0 selected units' })).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Label sheet'), 'avery-5160');
    await userEvent.clear(screen.getByLabelText('To serial'));
    await userEvent.type(screen.getByLabelText('To serial'), 'SN-0030');
    await userEvent.click(screen.getByRole('button', { name: 'Download label sheet (PDF)' }));
    await waitFor(() =>
      expect(onDownload).toHaveBeenCalledWith({
        layout: 'avery-5160',
        productId: 'p-1',
        fromSerial: 'SN-0009',
        toSerial: 'SN-0030',
      }),
    );
    expect(onPlan).toHaveBeenCalledWith({ productId: 'p-1', fromSerial: 'SN-0009', toSerial: 'SN-0030' });
  });

  it('offers a range above the limit in batches, and says so when a range is empty', async () => {
    const onDownload = vi.fn(async () => {});
    const onPlan = vi
      .fn<(range: UnitLabelsRange) => Promise<LabelSheetPlan>>()
      .mockResolvedValueOnce({
        count: 1055,
        countCapped: false,
        maxLabels: 1000,
        batches: [
          { fromSerial: 'AC-0001', toSerial: 'AC-1000', count: 1000 },
          { fromSerial: 'AC-1001', toSerial: 'AC-1055', count: 55 },
        ],
        nextFromSerial: null,
      })
      .mockResolvedValueOnce({ count: 0, countCapped: false, maxLabels: 1000, batches: [], nextFromSerial: null });
    render(<LabelSheetForm productId="p-1" selectedUnitIds={[]} onPlan={onPlan} onDownload={onDownload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download label sheet (PDF)' }));
    expect(
      await screen.findByText(
        'This range holds 1,055 units and one file holds at most 1,000 labels. Print it in 2 files:',
      ),
    ).toBeInTheDocument();
    expect(onDownload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'AC-1001 to AC-1055 (55 labels)' }));
    await waitFor(() =>
      expect(onDownload).toHaveBeenCalledWith({
        layout: 'avery-l7160',
        productId: 'p-1',
        fromSerial: 'AC-1001',
        toSerial: 'AC-1055',
      }),
    );
    expect(screen.getByRole('button', { name: 'AC-0001 to AC-1000 (1,000 labels)' })).toBeEnabled();
    await userEvent.type(screen.getByLabelText('From serial'), 'ZZ');
    await userEvent.click(screen.getByRole('button', { name: 'Download label sheet (PDF)' }));
    expect(await screen.findByText('No units in this range: check the first and last serials.')).toBeInTheDocument();
    expect(onDownload).toHaveBeenCalledTimes(1);
  });

  it('lists the first files of a long range and where the rest starts, with its size or "more than" (decision 0172)', async () => {
    const files = (first: number) =>
      Array.from({ length: 20 }, (_, i) => ({
        fromSerial: `N-${first + i * 1000}`,
        toSerial: `N-${first + i * 1000 + 999}`,
        count: 1000,
      }));
    const onPlan = vi
      .fn<(range: UnitLabelsRange) => Promise<LabelSheetPlan>>()
      .mockResolvedValueOnce({
        count: 10_000_000,
        countCapped: false,
        maxLabels: 1000,
        batches: files(100_000),
        nextFromSerial: 'N-120000',
      })
      .mockResolvedValueOnce({
        count: 20_000,
        countCapped: true,
        maxLabels: 1000,
        batches: files(200_000),
        nextFromSerial: 'N-220000',
      });
    render(<LabelSheetForm productId="p-1" selectedUnitIds={[]} onPlan={onPlan} onDownload={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download label sheet (PDF)' }));
    expect(
      await screen.findByText(
        'This range holds 10,000,000 units and one file holds at most 1,000 labels. Print it in 10,000 files:',
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Label files' })).getAllByRole('button')).toHaveLength(20);
    expect(
      screen.getByText(
        'The first 20 files are listed. For the rest, start From serial at N-120000 or narrow the range.',
      ),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('From serial'), 'N-200000');
    await userEvent.click(screen.getByRole('button', { name: 'Download label sheet (PDF)' }));
    expect(
      await screen.findByText(
        'This range holds more than 20,000 units and one file holds at most 1,000 labels. Print it in several files:',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'N-219000 to N-219999 (1,000 labels)' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'The first 20 files are listed. For the rest, start From serial at N-220000 or narrow the range.',
      ),
    ).toBeInTheDocument();
  });
});
