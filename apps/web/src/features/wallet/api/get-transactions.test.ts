import { describe, expect, it } from 'vitest';
import { likePattern } from './get-transactions';

describe('likePattern', () => {
  it('matches the term literally, wildcards escaped', () => {
    expect(likePattern('bonus')).toBe('%bonus%');
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
