// Every public page renders one heading, sets a title and a meta description, and names the
// product from the config; the use-case landings link to /tag and to sign-up with `from`.
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StaticAuthProvider } from '@/lib/auth';
import { type UserProfile } from '@/lib/profile';
import { appConfig } from '@/lib/app-config';
import { validateNote } from '../components/business-request-form';
import AboutUsPage from './about-us-page';
import BusinessTaggingPage from './business-tagging-page';
import BusinessUpgradePage from './business-upgrade-page';
import CareersPage from './careers-page';
import CookiePolicyPage from './cookie-policy-page';
import DaoPage from './dao-page';
import DataProcessingAgreementPage from './data-processing-agreement-page';
import DocumentationPage from './documentation-page';
import FaqPage from './faq-page';
import GdprCompliancePage from './gdpr-compliance-page';
import GeneralTaggingPage from './general-tagging-page';
import LandingPage from './landing-page';
import LaunchPage from './launch-page';
import MywillTaggingPage from './mywill-tagging-page';
import NftTaggingPage from './nft-tagging-page';
import PrivacyPolicyPage from './privacy-policy-page';
import SupportPage from './support-page';
import TermsOfServicePage from './terms-of-service-page';
import UnauthorizedPage from './unauthorized-page';

const pages: [string, ComponentType][] = [
  ['/', LandingPage],
  ['/general-tagging', GeneralTaggingPage],
  ['/nft-tagging', NftTaggingPage],
  ['/mywill-tagging', MywillTaggingPage],
  ['/business-tagging', BusinessTaggingPage],
  ['/launch', LaunchPage],
  ['/dao', DaoPage],
  ['/unauthorized', UnauthorizedPage],
  ['/business-upgrade', BusinessUpgradePage],
  ['/privacy-policy', PrivacyPolicyPage],
  ['/terms-of-service', TermsOfServicePage],
  ['/cookie-policy', CookiePolicyPage],
  ['/gdpr-compliance', GdprCompliancePage],
  ['/data-processing-agreement', DataProcessingAgreementPage],
  ['/support', SupportPage],
  ['/faq', FaqPage],
  ['/about-us', AboutUsPage],
  ['/careers', CareersPage],
  ['/documentation', DocumentationPage],
];

function renderAt(path: string, Page: ComponentType, auth: Parameters<typeof StaticAuthProvider>[0]['value'] = {}) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <StaticAuthProvider value={auth}>
        <MemoryRouter initialEntries={[path]}>
          <Page />
        </MemoryRouter>
      </StaticAuthProvider>
    </QueryClientProvider>,
  );
}

describe('public pages', () => {
  it.each(pages)('%s has one h1, a title and a meta description', async (path, Page) => {
    appConfig.appName = 'Acme Registry';
    document.title = '';
    document.querySelector('meta[name="description"]')?.remove();
    renderAt(path, Page);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toMatch(/\S/));
    const description = document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? '';
    expect(description.length).toBeGreaterThan(40);
    expect(document.body.textContent).not.toMatch(/TagLedger/);
  });

  it.each(pages.filter(([p]) => p.endsWith('-tagging')))(
    '%s links to /start-tagging and to sign-up carrying from and ref',
    (path, Page) => {
      renderAt(`${path}?ref=FRIEND42`, Page);
      const slug = path.slice(1);
      expect(screen.getAllByRole('link', { name: /Tag an asset|Tag inventory/ })[0]).toHaveAttribute(
        'href',
        `/start-tagging?from=${slug}&ref=FRIEND42`,
      );
      expect(screen.getAllByRole('link', { name: 'Create a free account' })[0]).toHaveAttribute(
        'href',
        `/signup?from=${slug}&ref=FRIEND42`,
      );
    },
  );

  it('the landing sends "Create a free account" to the sign-up form, keeping ref', () => {
    renderAt('/?ref=FRIEND42', LandingPage);
    expect(screen.getAllByRole('link', { name: 'Create a free account' })[0]).toHaveAttribute(
      'href',
      '/signup?ref=FRIEND42',
    );
  });

  it("the documentation's getting-started step links to the sign-up form", () => {
    renderAt('/documentation', DocumentationPage);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it('sends a signed-in visitor\'s "Tag an asset" straight to /tag', () => {
    const [path, Page] = pages.find(([p]) => p === '/general-tagging')!;
    renderAt(path, Page, { user: { id: 'u1' } as never, initialized: true });
    expect(screen.getAllByRole('link', { name: 'Tag an asset' })[0]).toHaveAttribute('href', '/tag');
  });

  it('states honestly that the ledger is not a public blockchain and how to export or delete', () => {
    renderAt('/privacy-policy', PrivacyPolicyPage);
    expect(document.body.textContent).toContain('It is not a public blockchain');
    expect(document.body.textContent).toContain('Settings → Export my data');
    expect(document.body.textContent).toContain('Settings → Delete account');
  });
});

describe('business upgrade', () => {
  const profile = {
    id: 'u1',
    email: 'b@example.test',
    role: 'standard',
    is_business_user: true,
    full_name: 'B',
    avatar_url: null,
  } as UserProfile;

  it('asks signed-out visitors to sign in first', () => {
    renderAt('/business-upgrade', BusinessUpgradePage, { initialized: true });
    expect(screen.getByRole('link', { name: 'Sign in to request' })).toHaveAttribute(
      'href',
      '/auth?from=business-upgrade',
    );
  });

  it('tells business users they already have access', () => {
    renderAt('/business-upgrade', BusinessUpgradePage, { initialized: true, user: { id: 'u1' } as never, profile });
    expect(screen.getByText('Your account is already a business account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the business dashboard' })).toHaveAttribute(
      'href',
      '/business-dashboard',
    );
  });

  it('validates the request note', () => {
    expect(validateNote('short')).toMatch(/at least 10 characters/);
    expect(validateNote('x'.repeat(1001))).toMatch(/under 1000/);
    expect(validateNote('We sell bicycles in Lisbon.')).toBeUndefined();
  });
});
