import { describe, expect, it } from 'vitest';
import { isUuid } from '../../src/shared/uuid.js';

describe('isUuid (the one UUID check of the server)', () => {
  it('takes the canonical form in any case', () => {
    expect(isUuid('a1b2c3d4-0000-4000-8000-00000000000f')).toBe(true);
    expect(isUuid('A1B2C3D4-0000-4000-8000-00000000000F')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'not-a-uuid', 'a1b2c3d4000040008000000000000000', '{a1b2c3d4-0000-4000-8000-00000000000f}'])
      expect(isUuid(bad), bad).toBe(false);
    expect(isUuid('a1b2c3d4-0000-4000-8000-00000000000f\n')).toBe(false);
    expect(isUuid('a1b2c3d4-0000-4000-8000-00000000000g')).toBe(false);
  });
});
