import { act, useLayoutEffect, useState, type FormEvent } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { replayEarlyActions } from './early-actions';
// The page as the build serves it (Vite reads the file as text: no node: modules in src).
import indexHtml from '../../index.html?raw';

// React warns unless told that updates are wrapped in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// index.html's inline script that holds presses and submits before the app, run in this document as
// the browser runs it: before any of the page's elements exist.
beforeAll(() => {
  const script = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .find((s) => s.includes('__tlEarly'));
  if (!script) throw new Error('index.html has no early-actions script');
  new Function(script)();
});

// Test files share this worker's document (vitest.config.ts, isolate: false): once done, the inline
// script's listeners let every click through, as they do in the app after it has started.
afterAll(() => {
  window.__tlEarly!.done = true;
});

afterEach(() => {
  const early = window.__tlEarly!;
  early.held.length = 0;
  early.done = false;
  delete early.to;
  delete document.documentElement.dataset.pending;
  document.body.innerHTML = '';
});

interface Sent {
  name: string;
  kind: string;
  terms: boolean;
}

/** A form in plain React state, as the app's forms are: controlled fields, a submit handler. */
function Form({ onSend, onTab }: { onSend: (sent: Sent) => void; onTab: () => void }) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState('bike');
  const [terms, setTerms] = useState(false);
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSend({ name, kind, terms });
      }}
    >
      <button type="button" onClick={onTab}>
        Sign Up
      </button>
      <input aria-label="Full Name" name="name" value={name} onChange={(e) => setName(e.target.value)} />
      <select aria-label="Kind" value={kind} onChange={(e) => setKind(e.target.value)}>
        <option value="bike">Bike</option>
        <option value="car">Car</option>
      </select>
      <input aria-label="Terms" type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
      <button type="submit">Create Account</button>
    </form>
  );
}

/** What router.tsx's ScreenShown does once the screen is hydrated. */
function Shown() {
  useLayoutEffect(() => replayEarlyActions(), []);
  return null;
}

function prerendered(ui: React.ReactElement): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = renderToString(ui);
  document.body.append(root);
  return root;
}

const byLabel = <T extends HTMLElement>(root: HTMLElement, label: string) =>
  root.querySelector<T>(`[aria-label="${label}"]`)!;
const byText = (root: HTMLElement, text: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent === text)!;

describe('what a visitor does before the app has started', () => {
  it('is kept and carried out once the page is hydrated: typing with its caret and focus, a choice, presses and the submit', async () => {
    const sent: Sent[] = [];
    const onTab = vi.fn();
    const app = (
      <>
        <Form onSend={(s) => sent.push(s)} onTab={onTab} />
        <Shown />
      </>
    );
    const root = prerendered(app);
    const nativeSubmit = vi.fn((e: Event) => e.defaultPrevented || e.preventDefault());
    window.addEventListener('submit', nativeSubmit);

    // Before the app: typed into Full Name (caret after "Ada", focus there), a kind picked, the
    // checkbox and a button pressed, and the form submitted — twice.
    const name = byLabel<HTMLInputElement>(root, 'Full Name');
    name.focus();
    name.value = 'Ada Lovelace';
    name.setSelectionRange(3, 3);
    byLabel<HTMLSelectElement>(root, 'Kind').value = 'car';
    byLabel<HTMLInputElement>(root, 'Terms').click();
    byText(root, 'Sign Up').click();
    byText(root, 'Create Account').click();
    byText(root, 'Create Account').click();

    // Held: nothing sent, the checkbox not toggled behind the app's back, the pending bar shown.
    expect(nativeSubmit).not.toHaveBeenCalled();
    expect(byLabel<HTMLInputElement>(root, 'Terms').checked).toBe(false);
    expect(document.documentElement.dataset.pending).toBe('');

    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, app, { onRecoverableError: (e) => errors.push(e) });
    });
    // The held presses are made in the task after the one that told the app the values.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(errors).toEqual([]);
    expect(sent).toEqual([{ name: 'Ada Lovelace', kind: 'car', terms: true }]);
    expect(onTab).toHaveBeenCalledOnce();
    expect(name.value).toBe('Ada Lovelace');
    expect(document.activeElement).toBe(name);
    expect([name.selectionStart, name.selectionEnd]).toEqual([3, 3]);
    expect(document.documentElement.dataset.pending).toBeUndefined();

    // From now on the app answers presses itself: one press, one submit.
    byText(root, 'Create Account').click();
    expect(sent).toHaveLength(2);
    window.removeEventListener('submit', nativeSubmit);
  });

  it('a page with nothing done before the app gets nothing replayed', async () => {
    const sent: Sent[] = [];
    const app = (
      <>
        <Form onSend={(s) => sent.push(s)} onTab={() => undefined} />
        <Shown />
      </>
    );
    const root = prerendered(app);
    await act(async () => {
      hydrateRoot(root, app);
    });
    expect(sent).toEqual([]);
    expect(byLabel<HTMLInputElement>(root, 'Full Name').value).toBe('');
    expect(window.__tlEarly!.done).toBe(true);
  });

  it('a link followed before the app shows the pending bar until that page is shown', async () => {
    const root = prerendered(
      <a href="/faq" onClick={(e) => e.preventDefault()}>
        FAQ
      </a>,
    );
    root.querySelector('a')!.click();
    expect(document.documentElement.dataset.pending).toBe('');
    // This page's app starting meanwhile does not hide it: the visitor is on their way to /faq.
    replayEarlyActions();
    expect(document.documentElement.dataset.pending).toBe('');
  });
});
