import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TitledSection } from './titled-section';

describe('TitledSection', () => {
  it('is a region named by its heading, with its content under it', () => {
    render(
      <TitledSection id="named-heading" className="space-y-3" title="People who named you next of kin">
        <p>Ada</p>
      </TitledSection>,
    );
    const region = screen.getByRole('region', { name: 'People who named you next of kin' });
    expect(region).toHaveClass('space-y-3');
    expect(screen.getByRole('heading', { level: 2 })).toHaveAttribute('id', 'named-heading');
    expect(region).toContainElement(screen.getByText('Ada'));
  });
});
