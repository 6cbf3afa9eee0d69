// The scan page asks the storage service for pictures of the size it shows (issue 16 item 14):
// render-image URLs with the width and height of the box, 1x and 2x, never the full upload — and
// the <img> carries its size, so the page does not shift while pictures load.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScanPage } from '@tagledger/functions-api';
import { ScanResult } from './scan-result';

const page: ScanPage = {
  serial: 'SN-1',
  found: true,
  ambiguous: false,
  warnings: [],
  brand: { name: 'Acme', website: null, support_contact: null, verified: true, logo_path: 'u1/logo.png' },
  product: { name: 'Kettle', gtin: null, image_path: 'u1/kettle.jpg' },
};

function transformOf(url: string) {
  const u = new URL(url);
  return {
    path: u.pathname,
    width: u.searchParams.get('width'),
    height: u.searchParams.get('height'),
    resize: u.searchParams.get('resize'),
  };
}

describe('scan result pictures', () => {
  it('loads the logo and the product picture as thumbnails of the size shown', () => {
    const { container } = render(<ScanResult page={page} />);
    const logo = container.querySelector('[data-testid="unit-brand"] img')!;
    expect(logo).toHaveAttribute('width', '32');
    expect(logo).toHaveAttribute('height', '32');
    expect(transformOf(logo.getAttribute('src')!)).toEqual({
      path: '/storage/v1/render/image/public/business-media/u1/logo.png',
      width: '32',
      height: '32',
      resize: 'contain',
    });

    const product = screen.getByRole('img', { name: 'Kettle' });
    expect(product).toHaveAttribute('width', '96');
    expect(product).toHaveAttribute('height', '96');
    expect(transformOf(product.getAttribute('src')!)).toEqual({
      path: '/storage/v1/render/image/public/business-media/u1/kettle.jpg',
      width: '96',
      height: '96',
      resize: 'cover',
    });
    const [once, twice] = product.getAttribute('srcset')!.split(', ');
    expect(once).toMatch(/ 1x$/);
    expect(transformOf(twice!.replace(/ 2x$/, ''))).toMatchObject({ width: '192', height: '192' });
    // Never the object itself (the full upload).
    for (const img of [logo, product]) expect(img.getAttribute('src')).not.toContain('/storage/v1/object/public/');
  });
});

describe('scan result states (decision 0140)', () => {
  it('says a GTIN no verified brand holds is unknown here, not a copy', () => {
    render(
      <ScanResult
        page={{
          serial: 'X-1',
          found: false,
          ambiguous: false,
          unknown_gtin: true,
          gtin: '09780201379624',
          warnings: [],
        }}
      />,
    );
    expect(screen.getByTestId('unit-unknown-gtin')).toHaveTextContent('This does not mean the product is a copy');
    expect(screen.getByTestId('unit-unknown-gtin')).toHaveTextContent('GTIN 09780201379624');
    expect(screen.queryByText(/may be a copy\./)).toBeNull();
  });

  it('lists every brand of a shared serial in the order given, verified first, with their products', () => {
    const brand = (name: string, verified: boolean) => ({ name, website: null, support_contact: null, verified });
    render(
      <ScanResult
        page={{
          serial: 'AC-0005',
          found: false,
          ambiguous: true,
          warnings: ['shared_serial'],
          candidates: [
            {
              brand: brand('Zeta Watches', true),
              product: { name: 'Diver 300', gtin: '09506000134352', status: 'active', image_path: null },
              unit: { status: 'active' },
            },
            {
              brand: brand('Alpha Copies', false),
              product: { name: 'Look-alike', gtin: null, status: 'active', image_path: null },
              unit: { status: 'sold' },
            },
          ],
        }}
      />,
    );
    expect(screen.getByText('Several brands issued this serial number.')).toBeInTheDocument();
    const items = screen.getAllByTestId('unit-candidate');
    expect(items.map((i) => i.textContent)).toEqual([
      'Zeta Watches Verified businessDiver 300GTIN 09506000134352 · Genuine, in circulation',
      'Alpha CopiesNot verifiedLook-alikeGenuine, sold',
    ]);
  });

  it('says what a many-scans warning means', () => {
    render(<ScanResult page={{ ...page, warnings: ['many_scans'] }} />);
    expect(
      screen.getByText('More than 10 different people scanned this label in the last 24 hours.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('warning-many_scans')).toHaveTextContent('not page loads');
    expect(screen.getByTestId('warning-many_scans')).toHaveTextContent('This is a signal, not a verdict');
  });
});
