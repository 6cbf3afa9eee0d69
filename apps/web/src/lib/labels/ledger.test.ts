// The ledger's stored English descriptions (as the database functions write them) are shown in the
// reader's language with their values kept; unknown text passes through unchanged.
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { describeTransaction } from './ledger';

// Each wording exactly as packages/db/migrations writes it.
const STORED = [
  'Welcome bonus',
  'Welcome bonus (influencer sign-up)',
  'Level 2 referral reward: Ada joined',
  'Level 1 referral reward: Ada made their first purchase',
  'Level 1 referral reward taken back: the purchase was refunded',
  'Level 1 referral reward taken back: the purchase was charged back',
  'Admin adjustment: goodwill',
  'Tagged asset: Vélo de course',
  'Added files to: My watch',
  'Settles 1500 TMT owed from a refunded purchase',
  'Bought Starter pack (1000 TMT), reference TL-AB12',
  'Refund of Starter pack (reference TL-AB12): 500 TMT taken back',
  'Dispute of Starter pack (reference TL-AB12): 1000 TMT taken back',
  'Dispute of Starter pack (reference TL-AB12) closed in our favour: 1000 TMT restored',
];

describe('describeTransaction', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('shows English readers the stored text (numbers in their format)', () => {
    expect(STORED.map(describeTransaction)).toEqual(
      STORED.map((s) => s.replace('1500 TMT', '1,500 TMT').replace(/\b1000 TMT/, '1,000 TMT')),
    );
  });

  it('translates every stored wording for French readers, keeping titles, names and references', async () => {
    await activateLocale('fr');
    const french = STORED.map(describeTransaction);
    french.forEach((text, i) => expect(text, STORED[i]).not.toBe(STORED[i]));
    expect(describeTransaction('Tagged asset: Vélo de course')).toBe('Bien enregistré : Vélo de course');
    expect(describeTransaction('Level 2 referral reward: Ada joined')).toBe(
      'Récompense de parrainage de niveau 2 : Ada s’est inscrit(e)',
    );
    expect(describeTransaction('Settles 1500 TMT owed from a refunded purchase')).toBe(
      'Règlement de 1\u202f500 TMT dus après un achat remboursé',
    );
    expect(describeTransaction('Bought Starter pack (1000 TMT), reference TL-AB12')).toContain('TL-AB12');
  });

  it('leaves a description it does not know as stored', async () => {
    await activateLocale('fr');
    expect(describeTransaction('test credit')).toBe('test credit');
  });
});
