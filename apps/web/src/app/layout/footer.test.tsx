import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Footer } from './footer';

const SPEC_LINKS = [
  '/general-tagging',
  '/nft-tagging',
  '/mywill-tagging',
  '/business-tagging',
  '/privacy-policy',
  '/terms-of-service',
  '/gdpr-compliance',
  '/cookie-policy',
  '/data-processing-agreement',
  '/documentation',
  '/faq',
  '/about-us',
  '/dao',
  '/careers',
  '/public-assets',
];

describe('Footer', () => {
  it('has every SPEC §2 footer link and a contact mail link', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const path of SPEC_LINKS) expect(hrefs).toContain(path);
    expect(hrefs.some((h) => h?.startsWith('mailto:'))).toBe(true);
  });

  it('describes the ledger as it is (issue 6): tamper-evident and signed, no blockchain claim', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('Tamper-evident, signed ledger. GDPR compliant.');
    expect(text.toLowerCase()).not.toContain('blockchain');
  });
});
