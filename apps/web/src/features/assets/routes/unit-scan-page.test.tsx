// The label page reads GS1 Digital Link paths as the standard writes them (decision 0140): a GTIN
// with a wrong check digit is "not a valid barcode number", GS1's other keys are "not supported",
// and a product or batch link asks for the item's serial — none of them a counterfeit warning, and
// none of them a request to the server.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import UnitScanPage from './unit-scan-page';

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/01/*', element: <UnitScanPage /> },
      { path: '/414/*', element: <UnitScanPage /> },
      { path: '/00/*', element: <UnitScanPage /> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('UnitScanPage', () => {
  it('says a GTIN with a wrong check digit is not a valid barcode number, not a copy', () => {
    renderAt('/01/4006381333932/21/CSV-00001');
    expect(screen.getByTestId('unit-invalid-gtin')).toHaveTextContent('4006381333932 is not a valid barcode number.');
    expect(screen.queryByText(/may be a copy/)).toBeNull();
  });

  it('answers GS1’s other primary keys as not supported here', () => {
    renderAt('/414/9520123456788');
    expect(screen.getByTestId('unit-unsupported')).toHaveTextContent('This GS1 code identifies a place (GLN).');
    expect(screen.getByTestId('unit-unsupported')).toHaveTextContent(
      'This says nothing about whether the item is genuine.',
    );
  });

  it('explains a link that breaks the standard’s order', () => {
    renderAt('/01/09520123456788/21/12345/10/ABC123');
    expect(screen.getByTestId('unit-invalid-link')).toBeInTheDocument();
  });

  it('asks for the serial of a product or batch link, then opens the item’s 14-digit link', async () => {
    const router = renderAt('/01/9520123456788/10/ABC123?17=261231');
    expect(screen.getByTestId('unit-no-serial')).toHaveTextContent(
      'This code names a batch of a product (GTIN 09520123456788, batch ABC123), not one item.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Enter the serial number printed on the item')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Serial number of the item'), 'AB/12');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(router.state.location.pathname).toBe('/01/09520123456788/21/AB%2F12');
  });
});
