import { describe, expect, it } from 'vitest';
import { validateSwitch } from './legacy-switch';

const now = new Date('2026-06-01T12:00:00Z');
const base = { enabled: true, period: '12', grace: '14', waiting: '7', pausedUntil: '' };

describe('validateSwitch', () => {
  it('accepts the defaults and a pause that ends within a year', () => {
    expect(validateSwitch(base, now).value).toEqual({
      enabled: true,
      period_months: 12,
      grace_days: 14,
      waiting_days: 7,
      paused_until: null,
    });
    expect(validateSwitch({ ...base, pausedUntil: '2026-07-01' }, now).value?.paused_until).toBe(
      '2026-07-01T23:59:59.000Z',
    );
  });

  it('says what is wrong with each field', () => {
    const { value, errors } = validateSwitch(
      { enabled: true, period: '2', grace: '0', waiting: '31', pausedUntil: '2026-05-01' },
      now,
    );
    expect(value).toBeUndefined();
    expect(errors).toEqual({
      period: 'Choose a period between 3 months and 5 years',
      grace: 'Enter a whole number of days from 1 to 90',
      waiting: 'Enter a whole number of days from 1 to 30',
      pausedUntil: 'A pause must end in the future, within a year',
    });
  });
});
