// The dashboard's next-of-kin shortcut promises what /nok does: a list only its owner sees, whose
// people are e-mailed when invited and receive what was chosen for them when the legacy is released.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NOK_PAGE_INTRO, NOK_SHORT_DESCRIPTION } from '@/features/inheritance/lib/copy';
import { QuickActions } from './quick-actions';

describe('QuickActions', () => {
  it('describes next of kin as /nok does: invited by e-mail, receiving what was chosen on release', () => {
    render(
      <MemoryRouter>
        <QuickActions />
      </MemoryRouter>,
    );
    const nok = screen.getByRole('link', { name: /Next of kin/ });
    expect(nok).toHaveAttribute('href', '/nok');
    expect(nok).toHaveTextContent(NOK_SHORT_DESCRIPTION);
    expect(NOK_SHORT_DESCRIPTION).toBe('Choose who receives your assets, and when');
    // No longer true since invitations and releases: the page must not say it.
    expect(NOK_PAGE_INTRO).not.toMatch(/do not contact them/);
    expect(NOK_PAGE_INTRO).toMatch(/We e-mail someone only when you invite them/);
    expect(NOK_PAGE_INTRO).toMatch(/Only you see this list/);
  });
});
