// A French reader sees French on every screen that shows stored values or server answers (issue 28
// item 3). Each screen's parts are rendered in French with fixture data in every state the database
// or a server function can give them (each status, kind, event, ledger wording, refusal code), and
// the text they show — text nodes and the aria-label, title, placeholder and alt a screen reader or
// a hover shows — must hold no English: no message of the catalogue whose French differs, no code
// stored in the database (the enum values of lib/labels), no common English word. The catalogue
// test (scripts/i18n/catalogues.test.ts) finds literals in the source; this one finds what only shows
// at run time: a stored value put on screen as it is, a server's English text, a plural built by hand.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router';
import { formatter } from '@lingui/format-po';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImportRowError, ScanPage, UnitStatus } from '@tagledger/functions-api';
import { Spinner } from '@/components/ui/spinner';
import { messageFor } from '@/lib/api-error';
import { activateLocale } from '@/lib/i18n/i18n';
import { ROLE_LABELS, roleLabel } from '@/lib/labels/accounts';
import {
  ASSET_EVENT_LABELS,
  ASSET_KIND_LABELS,
  ASSET_STATUS_LABELS,
  MEDIA_KIND_LABELS,
  assetEventLabel,
  assetIsReported,
  mediaKindLabel,
  ownerReportedAsset,
} from '@/lib/labels/assets';
import { describeTransaction } from '@/lib/labels/ledger';
import { LEGACY_STEP_LABELS, NOK_STATUS_LABELS, RELATIONSHIPS } from '@/lib/labels/nok';
import { UNIT_STATUS_LABELS } from '@/lib/labels/units';
import { LoadingScreen } from '@/app/route-guard';
import { KindBadge, StatusBadge } from '@/features/assets/components/badges';
import { ScanResult } from '@/features/assets/components/scan-result';
import type { AssetKind, AssetStatus, VerifyMatch } from '@/features/assets/api/types';
import { MatchCard } from '@/features/assets/routes/verify-page';
import UnitScanPage from '@/features/assets/routes/unit-scan-page';
import { ImportReport } from '@/features/business/components/csv-import';
import { RecentActivity } from '@/features/dashboard/components/recent-activity';
import type { RecentTransaction } from '@/features/dashboard/api/get-recent-transactions';
import { LegacyStepList } from '@/features/inheritance/components/legacy-steps';
import { NokCard } from '@/features/inheritance/components/nok-card';
import type { NextOfKin } from '@/features/inheritance/api/next-of-kin';
import { validateSwitch } from '@/features/inheritance/lib/legacy-switch';
import { BuyTokens } from '@/features/wallet/components/buy-tokens';
import BusinessUpgradePage from '@/features/marketing/routes/business-upgrade-page';
import CareersPage from '@/features/marketing/routes/careers-page';
import { StaticAuthProvider } from '@/lib/auth';
import { TransactionRow } from '@/features/wallet/components/transaction-row';
// The catalogues as files (Vite's ?raw), not as the compiled messages the app loads: the test reads
// each message's source and translation.
import enPo from '../locales/en.po?raw';
import frPo from '../locales/fr.po?raw';

const po = formatter({ lineNumbers: false, origins: false });
const PO_FILES: Record<string, string> = { en: enPo, fr: frPo };

async function catalogue(locale: string) {
  const file = `src/locales/${locale}.po`;
  return (await po.parse(PO_FILES[locale]!, { locale, sourceLocale: 'en', filename: file })) as Record<
    string,
    { translation?: string; obsolete?: boolean }
  >;
}

/** Codes the database stores, from the mapping modules, less those that are also French words. */
const STORED_CODES = new Set(
  [
    ...Object.keys(ASSET_KIND_LABELS),
    ...Object.keys(ASSET_STATUS_LABELS),
    ...Object.keys(ASSET_EVENT_LABELS),
    ...Object.keys(NOK_STATUS_LABELS),
    ...Object.keys(LEGACY_STEP_LABELS),
    ...Object.keys(UNIT_STATUS_LABELS),
    ...Object.keys(MEDIA_KIND_LABELS),
    ...Object.keys(ROLE_LABELS),
    'signup',
    'tag_asset',
    'earned',
    'spent',
  ].filter((code) => !['active', 'photo', 'document', 'admin', 'standard'].includes(code)),
);

/** Words of English sentences that French never uses. */
const ENGLISH_WORDS = new Set(
  (
    'the and of with your you this that was has have been will left day days loading save welcome tagged asset ' +
    'assets reported ownership by from not line must already belongs another product serial units errors ' +
    'general stolen lost sold recalled counterfeit genuine invited accepted declined people added'
  ).split(' '),
);

let englishMessages = new Set<string>();

beforeAll(async () => {
  const [en, fr] = await Promise.all([catalogue('en'), catalogue('fr')]);
  const french = new Set(Object.values(fr).map((m) => m.translation));
  // Whole messages a French screen must never show: the English text of a message translated
  // differently, without placeholders (those are checked word by word), and not itself French.
  englishMessages = new Set(
    Object.keys(en).filter(
      (id) =>
        !en[id]!.obsolete &&
        !id.includes('{') &&
        /[a-z]{3}/i.test(id) &&
        fr[id]?.translation &&
        fr[id]!.translation !== id &&
        !french.has(id),
    ),
  );
});

// src/test/setup.ts puts English back after each test.
beforeEach(async () => {
  await activateLocale('fr');
});

/** Every piece of text a French reader meets in the rendered DOM. */
function shownTexts(root: HTMLElement): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
  for (const el of root.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))
    for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(attr);
      if (value) texts.push(value);
    }
  return texts.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** What in these texts is English, each with why. */
function englishIn(texts: string[]): string[] {
  const found: string[] = [];
  for (const text of texts) {
    if (englishMessages.has(text)) found.push(`catalogue English: "${text}"`);
    // A value quoted « like this » is one to type as it is (a CSV status), not a word of the sentence.
    for (const word of text.replace(/«[^»]*»/g, ' ').split(/[^\p{L}_()]+/u)) {
      if (STORED_CODES.has(word)) found.push(`stored code "${word}" in "${text}"`);
      if (ENGLISH_WORDS.has(word.toLowerCase())) found.push(`English word "${word}" in "${text}"`);
      if (word.endsWith('(s)')) found.push(`hand-made plural "${word}" in "${text}"`);
    }
  }
  return found;
}

function expectFrench(ui: ReactNode) {
  const { container, unmount } = render(<MemoryRouter>{ui}</MemoryRouter>);
  const english = englishIn(shownTexts(container));
  unmount();
  expect(english).toEqual([]);
}

// Fixture data is what people type, in French (titles, names), or codes and numbers.
const brand = { name: 'Maison Durand', website: null, support_contact: null, verified: true };
const scan = (over: Partial<ScanPage>): ScanPage => ({
  serial: 'SN-0001',
  found: true,
  ambiguous: false,
  warnings: [],
  brand,
  product: { name: 'Bouilloire', gtin: '04006381333931', status: 'active' },
  unit: { status: 'active', first_scan_at: '2026-11-20T10:00:00Z', scan_count: 3 },
  ...over,
});

const match = (over: Partial<VerifyMatch>): VerifyMatch => ({
  source: 'asset',
  asset_id: '3f6c1d2e-8a4b-4c1e-9f3a-2b7d5e6f8a90',
  kind: 'general',
  registered_at: '2026-11-01T09:00:00Z',
  status: 'active',
  status_changed_at: null,
  transferred_at: null,
  is_public: true,
  title: 'Vélo pliant',
  make: 'Brompton',
  model: 'P',
  serial_number: 'VELO-1',
  proof: null,
  ...over,
});

const kin = (over: Partial<NextOfKin>): NextOfKin => ({
  id: crypto.randomUUID(),
  full_name: 'Marie Dupont',
  relationship: 'Sibling',
  email: 'marie@exemple.fr',
  phone: null,
  notes: null,
  is_primary: false,
  access_level: 'view',
  message: null,
  receives_kinds: ['general'],
  receives_assets: [],
  created_at: '2026-11-01T09:00:00Z',
  status: 'not_invited',
  ...over,
});

/** Each wording the database's ledger functions store (packages/db/migrations). */
const LEDGER_DESCRIPTIONS = [
  'Welcome bonus',
  'Welcome bonus (influencer sign-up)',
  'Level 2 referral reward: Ada joined',
  'Level 1 referral reward: Ada made their first purchase',
  'Admin adjustment: geste commercial',
  'Tagged asset: Vélo de course',
  'Added files to: Ma montre',
  'Settles 1500 TMT owed from a refunded purchase',
  'Bought Pack découverte (1000 TMT), reference TL-AB12',
  'Refund of Pack découverte (reference TL-AB12): 500 TMT taken back',
];

// Dozens of renders per test: more than the default 5 s on a loaded machine.
describe('every screen in French', { timeout: 30_000 }, () => {
  it('the scan page: each unit status, each warning, a shared serial, an unknown GTIN, a recalled product', () => {
    for (const status of Object.keys(UNIT_STATUS_LABELS) as UnitStatus[])
      expectFrench(
        <ScanResult page={scan({ unit: { status, first_scan_at: '2026-11-20T10:00:00Z', scan_count: 1 } })} />,
      );
    expectFrench(<ScanResult page={scan({ warnings: ['many_scans', 'many_places'] })} />);
    expectFrench(<ScanResult page={scan({ found: false, warnings: ['never_issued'], unit: undefined })} />);
    expectFrench(
      <ScanResult page={scan({ unknown_gtin: true, gtin: '09520123456788', brand: null, product: null })} />,
    );
    expectFrench(<ScanResult page={scan({ product: { name: 'Bouilloire', gtin: null, status: 'recalled' } })} />);
    expectFrench(
      <ScanResult
        page={scan({
          found: false,
          ambiguous: true,
          warnings: ['shared_serial'],
          brand: null,
          product: null,
          unit: undefined,
          candidates: (['active', 'counterfeit'] as const).map((status) => ({
            brand,
            product: { name: 'Bouilloire', gtin: null, status: 'active', image_path: null },
            unit: { status },
          })),
        })}
      />,
    );
  });

  it('the label page: a GTIN with a wrong check digit, another GS1 key, and its server refusals', () => {
    for (const url of ['/01/4006381333932/21/CSV-00001', '/414/9520123456788', '/01/9520123456788/10/LOT1']) {
      const router = createMemoryRouter(
        ['/01/*', '/414/*'].map((p) => ({ path: p, element: <UnitScanPage /> })),
        { initialEntries: [url] },
      );
      const { container, unmount } = render(<RouterProvider router={router} />);
      const english = englishIn(shownTexts(container));
      unmount();
      expect(english, url).toEqual([]);
    }
    for (const code of ['invalid_gtin', 'invalid_range', 'empty_range', 'too_many_labels', 'rate_limited'])
      expect(englishIn([messageFor(code, 'Some English text from the server')]), code).toEqual([]);
  });

  it('/verify: each kind and each status, transferred or not', () => {
    for (const kind of Object.keys(ASSET_KIND_LABELS) as AssetKind[])
      for (const status of Object.keys(ASSET_STATUS_LABELS) as AssetStatus[])
        expectFrench(
          <MatchCard
            match={match({
              kind,
              status,
              status_changed_at: status === 'active' ? null : '2026-11-20T10:00:00Z',
              transferred_at: kind === 'digital' ? '2026-11-10T10:00:00Z' : null,
            })}
            bundle={null}
          />,
        );
  });

  it('asset badges, ledger events, flagged-asset notices, file kinds and account roles', () => {
    for (const kind of Object.keys(ASSET_KIND_LABELS) as AssetKind[]) expectFrench(<KindBadge kind={kind} />);
    for (const status of Object.keys(ASSET_STATUS_LABELS) as AssetStatus[])
      expectFrench(<StatusBadge status={status} />);
    expect(englishIn(Object.keys(ASSET_EVENT_LABELS).map(assetEventLabel))).toEqual([]);
    expect(
      englishIn([
        ...Object.keys(ASSET_STATUS_LABELS).flatMap((status) => [ownerReportedAsset(status), assetIsReported(status)]),
        ...Object.keys(MEDIA_KIND_LABELS).map(mediaKindLabel),
        ...Object.keys(ROLE_LABELS).map(roleLabel),
      ]),
    ).toEqual([]);
  });

  it('/nok: every relationship, status and access, and every step of the legacy log', () => {
    const cases: Array<Pick<NextOfKin, 'status' | 'relationship'>> = [
      ...(Object.keys(NOK_STATUS_LABELS) as NextOfKin['status'][]).map((status) => ({ status, relationship: 'Child' })),
      ...[...RELATIONSHIPS, 'Parrain'].map((relationship) => ({ status: 'invited' as const, relationship })),
    ];
    for (const { status, relationship } of cases)
      expectFrench(
        <NokCard
          k={kin({ status, relationship, access_level: status === 'accepted' ? 'inherit' : 'view' })}
          receives="Vélo pliant"
          inviting={false}
          onEdit={() => {}}
          onInvite={() => {}}
          onRemove={() => {}}
        />,
      );
    expectFrench(
      <LegacyStepList
        steps={Object.keys(LEGACY_STEP_LABELS).map((kind, i) => ({
          id: i,
          kind,
          occurred_at: '2026-11-20T10:00:00Z',
          recipient_email: kind === 'invited' ? 'marie@exemple.fr' : null,
        }))}
      />,
    );
    const refused = validateSwitch(
      { enabled: true, period: '1', grace: '0', waiting: '99', pausedUntil: '2020-01-01' },
      new Date(),
    );
    expect(englishIn(Object.values(refused.errors))).toEqual([]);
  });

  it('the dashboard’s activity and the wallet: every stored wording, a bare source or type, loading and failure', () => {
    const transactions: RecentTransaction[] = [
      ...LEDGER_DESCRIPTIONS.map((description, i) => ({
        id: String(i),
        amount: i % 2 ? -20 : 50,
        type: (i % 2 ? 'spent' : 'earned') as RecentTransaction['type'],
        source: 'signup',
        description,
        created_at: '2026-11-20T10:00:00Z',
      })),
      {
        id: 'a',
        amount: 5,
        type: 'earned',
        source: 'tag_asset',
        description: null,
        created_at: '2026-11-20T10:00:00Z',
      },
      { id: 'b', amount: 5, type: 'spent', source: null, description: null, created_at: '2026-11-20T10:00:00Z' },
    ];
    expectFrench(<RecentActivity transactions={transactions} loading={false} error={false} onRetry={() => {}} />);
    expectFrench(<RecentActivity transactions={undefined} loading error={false} onRetry={() => {}} />);
    expectFrench(<RecentActivity transactions={undefined} loading={false} error onRetry={() => {}} />);
    expectFrench(<RecentActivity transactions={[]} loading={false} error={false} onRetry={() => {}} />);
    expect(englishIn(LEDGER_DESCRIPTIONS.map(describeTransaction))).toEqual([]);
    expectFrench(
      <ul>
        {LEDGER_DESCRIPTIONS.map((description, i) => (
          <TransactionRow
            key={description}
            tx={{
              id: String(i),
              amount: 50,
              type: 'earned',
              source: 'signup',
              description,
              reference: null,
              created_at: '2026-11-20T10:00:00Z',
              balance_after: 50,
            }}
          />
        ))}
      </ul>,
    );
  });

  it('buying tokens shows the saving as a discount', () => {
    const packages = [
      { id: 'p1', name: 'Petit', tokens: 100, price_minor: 500, currency: 'eur' },
      { id: 'p2', name: 'Grand', tokens: 1000, price_minor: 3600, currency: 'eur' },
    ];
    const { container, unmount } = render(
      <BuyTokens enabled packages={packages} buying={null} error={null} onBuy={() => {}} />,
    );
    expect(container.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('Économisez 28 %');
    expect(englishIn(shownTexts(container))).toEqual([]);
    unmount();
  });

  it('a CSV import’s report: every row error the import answers, with one and several errors', () => {
    const errors: ImportRowError[] = [
      { line: 2, code: 'too_many_columns', message: 'Too many columns: expected serial and an optional status' },
      { line: 3, code: 'invalid_serial', message: 'Serial must be 1–64 letters, digits, dots, dashes or underscores' },
      { line: 4, code: 'invalid_status', message: 'Status must be active, sold or recalled' },
      {
        line: 5,
        code: 'duplicate_in_file',
        values: { serial: 'A-1', earlierLine: 2 },
        message: 'Serial A-1 is already on line 2',
      },
      {
        line: 6,
        code: 'serial_of_another_product',
        values: { serial: 'B-1' },
        message: 'Serial B-1 belongs to another product',
      },
      { line: 7, code: 'line_too_long', values: { maxChars: 1000 }, message: 'Line longer than 1000 characters' },
      {
        line: 8,
        code: 'too_many_rows',
        values: { maxRows: 100_000 },
        message: 'A CSV holds at most 100,000 units: this line and the rest were not read',
      },
      {
        line: 9,
        code: 'file_too_large',
        values: { maxMiB: 20 },
        message: 'The file is larger than 20 MiB: reading stopped here',
      },
    ];
    for (const shown of [errors.slice(0, 1), errors])
      expectFrench(
        <ImportReport
          report={{ inserted: 1, skipped: 1, errorCount: shown.length, errors: shown, lines: 10, complete: false }}
        />,
      );
  });

  it('the text pages’ lists: careers and business accounts', () => {
    // Their bullets are arrays of strings handed to a component, where a literal escapes the
    // catalogue's source scan.
    for (const Page of [CareersPage, BusinessUpgradePage])
      expectFrench(
        <StaticAuthProvider value={{ initialized: true }}>
          <Page />
        </StaticAuthProvider>,
      );
  });

  it('loading screens', () => {
    expectFrench(<Spinner showLabel />);
    expectFrench(<Spinner />);
    expectFrench(<LoadingScreen />);
  });
});
