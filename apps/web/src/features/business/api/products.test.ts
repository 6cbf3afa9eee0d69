// Product rows are read at the seam, not asserted: fixed-value columns are checked against their
// check constraints and the attributes read as text.
import { describe, expect, it } from 'vitest';
import { productOf } from './products';

const row = {
  id: '7b0c8f9e-2d1a-4c3b-9e8f-1a2b3c4d5e6f',
  name: 'Trail shoe',
  gtin: '00012345600012',
  released_gtin: null,
  gtin_released_reason: null,
  sku: 'TS-1',
  description: '',
  status: 'active',
  moderator_recall_at: null,
  moderator_recall_reason: null,
  image_paths: [],
  attributes: { size: '42', colour: 'blue' },
  created_at: '2026-11-27T08:00:00Z',
};

describe('productOf', () => {
  it('reads a row as the database holds it', () => {
    expect(productOf(row)).toEqual(row);
    expect(productOf({ ...row, status: 'recalled', gtin_released_reason: 'duplicate' })).toMatchObject({
      status: 'recalled',
      gtin_released_reason: 'duplicate',
    });
  });

  it('refuses a value outside the column check', () => {
    expect(() => productOf({ ...row, status: 'archived' })).toThrow(/status holds an unknown value: archived/);
    expect(() => productOf({ ...row, gtin_released_reason: 'other' })).toThrow(
      /gtin_released_reason holds an unknown value: other/,
    );
    expect(() => productOf({ ...row, attributes: ['size'] })).toThrow(/not a JSON object/);
  });

  it('shows an attribute stored as another JSON type as its JSON text', () => {
    expect(productOf({ ...row, attributes: { size: 42, fits: [1, 2] } }).attributes).toEqual({
      size: '42',
      fits: '[1,2]',
    });
  });
});
