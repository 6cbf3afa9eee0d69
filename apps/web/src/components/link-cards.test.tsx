import { render, screen, within } from '@testing-library/react';
import { Tag } from 'lucide-react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkCards } from './link-cards';

const links = [
  { to: '/tag', title: 'Tag an asset', description: 'Register something you own', icon: Tag },
  { to: '/news', title: 'News', description: 'Latest product updates', icon: Tag },
];

describe('LinkCards', () => {
  it.each(['row', 'stacked'] as const)('lists each link with its title and description (%s)', (layout) => {
    render(
      <MemoryRouter>
        <LinkCards links={links} layout={layout} className="mt-4" />
      </MemoryRouter>,
    );
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const tag = screen.getByRole('link', { name: /Tag an asset/ });
    expect(tag).toHaveAttribute('href', '/tag');
    expect(tag).toHaveTextContent('Register something you own');
    expect(screen.getByRole('list')).toHaveClass('mt-4', 'grid', 'grid-cols-1', 'sm:grid-cols-2', 'lg:grid-cols-3');
  });
});
