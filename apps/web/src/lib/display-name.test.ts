import { describe, expect, it } from 'vitest';
import { displayName, teamName } from './display-name';

describe('displayName', () => {
  it('uses the full name, trimmed', () => {
    expect(displayName({ full_name: '  Ada Lovelace ' }, 'Unknown Author')).toBe('Ada Lovelace');
  });

  it('falls back for a missing, empty or blank name and a missing person', () => {
    expect(displayName({ full_name: null }, 'Unknown Author')).toBe('Unknown Author');
    expect(displayName({ full_name: '' }, 'x')).toBe('x');
    expect(displayName({ full_name: '   ' }, 'x')).toBe('x');
    expect(displayName({}, 'x')).toBe('x');
    expect(displayName(null, teamName('TagLedger'))).toBe('TagLedger Team');
  });
});
