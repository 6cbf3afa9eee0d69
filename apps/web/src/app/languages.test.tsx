// Choosing the language, switching it, and formatting for it.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Footer } from '@/app/layout/footer';
import { formatDate, formatMoney, formatNumber, formatRelative } from '@/lib/i18n/format';
import { activateLocale, i18n } from '@/lib/i18n/i18n';
import { initialLocale, localeFromBrowser, rememberLocale } from '@/lib/i18n/locales';

describe('language detection', () => {
  it('takes the first supported language among the browser preferences, English otherwise', () => {
    expect(localeFromBrowser(['fr-CM', 'en-GB'])).toBe('fr');
    expect(localeFromBrowser(['de-DE', 'fr'])).toBe('fr');
    expect(localeFromBrowser(['en-US', 'fr-FR'])).toBe('en');
    expect(localeFromBrowser(['de-DE', 'es'])).toBe('en');
    expect(localeFromBrowser([])).toBe('en');
  });

  it('keeps a returning visitor’s choice over the browser’s languages', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    expect(initialLocale()).toBe('fr');
    rememberLocale('en');
    expect(initialLocale()).toBe('en');
    vi.restoreAllMocks();
  });
});

describe('switching', () => {
  it('renders the footer in French after the switch, sets <html lang> and remembers the choice', async () => {
    const onChoose = vi.fn((l: 'en' | 'fr') => activateLocale(l));
    const { rerender } = render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Legal' })).toBeInTheDocument();
    render(<LanguageSwitcher onChoose={onChoose} />);
    await userEvent.selectOptions(screen.getAllByLabelText('Language').at(-1)!, 'fr');
    expect(onChoose).toHaveBeenCalledWith('fr');
    await vi.waitFor(() => expect(document.documentElement.lang).toBe('fr'));
    rerender(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Mentions légales' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(localStorage.getItem('tagledger.locale')).toBe('fr');
  });

  it('uses ICU plurals and variables in both languages', async () => {
    const message = '{total, plural, one {# asset} other {# assets}}';
    expect(i18n._(message, { total: 1 })).toBe('1 asset');
    expect(i18n._(message, { total: 3 })).toBe('3 assets');
    await activateLocale('fr');
    expect(i18n._(message, { total: 1 })).toBe('1 bien');
    expect(i18n._(message, { total: 3 })).toBe('3 biens');
    expect(i18n._('Wallet balance: {formatBalance}', { formatBalance: '12 TMT' })).toBe(
      'Solde du portefeuille : 12 TMT',
    );
  });
});

describe('formats for the language', () => {
  const day = '2026-11-22T14:05:00Z';
  const spaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

  it('writes English as the SPEC shows it', () => {
    expect(formatDate(day)).toBe('Nov 22, 2026');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatMoney(12, 'GBP')).toBe('£12.00');
    expect(spaces(formatMoney(1000, 'XAF'))).toBe('FCFA 1,000');
    expect(formatRelative('2026-11-19T14:05:00Z', new Date(day))).toBe('3 days ago');
  });

  it('writes French dates, numbers, pounds, euros and CFA francs', async () => {
    await activateLocale('fr');
    expect(formatDate(day)).toBe('22 nov. 2026');
    expect(spaces(formatNumber(1234.5))).toBe('1 234,5');
    expect(spaces(formatMoney(12, 'GBP'))).toBe('12,00 £GB');
    expect(spaces(formatMoney(12, 'EUR'))).toBe('12,00 €');
    expect(spaces(formatMoney(1000, 'XAF'))).toBe('1 000 FCFA');
    expect(formatRelative('2026-11-19T14:05:00Z', new Date(day))).toBe('il y a 3 jours');
  });
});
