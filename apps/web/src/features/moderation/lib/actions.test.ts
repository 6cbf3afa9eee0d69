import { describe, expect, it } from 'vitest';
import { actionsFor } from './actions';

describe('actionsFor', () => {
  it('offers marking counterfeit only when the report names an issued unit', () => {
    expect(actionsFor('products', true)).toContain('mark_counterfeit');
    expect(actionsFor('products', false)).not.toContain('mark_counterfeit');
    expect(actionsFor('flagged')).toContain('mark_counterfeit');
  });

  it('offers hiding only for public assets, and the ban itself only in ban requests', () => {
    expect(actionsFor('assets')).toContain('hide_asset');
    for (const q of ['products', 'flagged', 'contact', 'bans'] as const)
      expect(actionsFor(q)).not.toContain('hide_asset');
    expect(actionsFor('bans')).toEqual(['ban', 'decline_ban']);
    expect(actionsFor('contact')).toEqual(['warn_user', 'request_ban', 'dismiss']);
  });
});
