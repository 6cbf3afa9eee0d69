import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Screen } from './screen';

describe('Screen', () => {
  it('frames a screen at its width with the app’s padding, in the class order the screens wrote', () => {
    render(
      <Screen width="4xl" className="space-y-6">
        <p>inside</p>
      </Screen>,
    );
    const frame = screen.getByText('inside').parentElement;
    expect(frame?.className).toBe('mx-auto max-w-4xl space-y-6 px-4 py-8');
  });

  it('needs no extra class', () => {
    render(
      <Screen width="xl">
        <p>inside</p>
      </Screen>,
    );
    expect(screen.getByText('inside').parentElement?.className).toBe('mx-auto max-w-xl px-4 py-8');
  });
});
