// An administrator verifies a GS1 prefix only with the evidence they checked, and only for a
// business that holds the verified badge (decision 0140); what a verification does is said first.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PrefixReview } from '../api/gs1-prefixes';
import { PrefixReviewItem } from './gs1-prefixes-card';

const review: PrefixReview = {
  id: 'r1',
  business_id: 'b1',
  email: 'books@example.test',
  brand_name: 'Addison Books',
  verified_business: true,
  prefix: '9780201',
  kind: 'company_prefix',
  reference: 'ISBN agency 0-201',
  status: 'pending',
  created_at: '2026-11-27T10:00:00Z',
  decided_at: null,
  decided_by: null,
  evidence: null,
  overlaps: [{ prefix: '97802013', status: 'pending', brand_name: 'Quick Copies', email: 'q@example.test' }],
  gtins_of_others: 1,
  own_products: 2,
};

describe('PrefixReviewItem', () => {
  it('shows what the decision needs and refuses to verify without evidence', async () => {
    const onDecide = vi.fn();
    render(<PrefixReviewItem review={review} busy={false} onDecide={onDecide} />);
    expect(screen.getByTestId('prefix-overlaps')).toHaveTextContent('97802013 · Quick Copies · q@example.test');
    expect(screen.getByText(/covers 2 products of this business and takes back 1 GTIN/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Write what you checked, e.g. the GS1 record')).toBeInTheDocument();
    expect(onDecide).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/What you checked/), 'GEPIR names Addison Books');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onDecide).toHaveBeenCalledWith(true, 'GEPIR names Addison Books');
  });

  it('does not offer verification to a business without the badge', () => {
    render(<PrefixReviewItem review={{ ...review, verified_business: false }} busy={false} onDecide={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(screen.getByText(/Approve the business account first/)).toBeInTheDocument();
  });
});
