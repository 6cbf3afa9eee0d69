// The legacy mails count days in each language's plural forms: "1 day left", never "1 days left"
// or "30 day(s)"; French "Plus qu’un jour", never "Plus que 1 jours".
import { describe, expect, it } from 'vitest';
import { legacyMail, type LegacyEvent } from '../../src/inheritance/mail.js';
import { plural } from '../../src/shared/language.js';

const reminder = (daysLeft: number): LegacyEvent => ({
  id: '00000000-0000-0000-0000-000000000001',
  kind: 'reminder',
  detail: { days_left: daysLeft, ends_at: '2027-03-01T00:00:00Z' },
  recipient_email: 'owner@example.test',
  mail_secret: null,
});

describe('legacy mails count in plural forms', () => {
  it('writes one day and several days in English', () => {
    const one = legacyMail(reminder(1), 'TagLedger', 'https://tagledger.test', 'en')!;
    expect(one.subject).toBe('[TagLedger] Are you still there? 1 day left');
    expect(one.text).toContain('Your inactivity switch ends in 1 day, on 2027-03-01.');
    const many = legacyMail(reminder(30), 'TagLedger', 'https://tagledger.test', 'en')!;
    expect(many.subject).toBe('[TagLedger] Are you still there? 30 days left');
    expect(many.text).toContain('ends in 30 days,');
    expect(`${one.text}${many.text}`).not.toContain('day(s)');
  });

  it('writes one day and several days in French', () => {
    const one = legacyMail(reminder(1), 'TagLedger', 'https://tagledger.test', 'fr')!;
    expect(one.subject).toBe('[TagLedger] Êtes-vous toujours là ? Plus qu’un jour');
    expect(one.text).toContain('dans 1 jour, le 01/03/2027.');
    const many = legacyMail(reminder(30), 'TagLedger', 'https://tagledger.test', 'fr')!;
    expect(many.subject).toBe('[TagLedger] Êtes-vous toujours là ? Plus que 30 jours');
    expect(`${one.text}${many.text}`).not.toContain('jour(s)');
  });

  it('follows each language’s rule for zero', () => {
    expect(plural('en', 0, { one: '# day', other: '# days' })).toBe('0 days');
    expect(plural('fr', 0, { one: '# jour', other: '# jours' })).toBe('0 jour');
  });
});
