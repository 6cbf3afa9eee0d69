// What the bug-report screenshot leaves out: text the browser never shows (the <noscript> message
// of index.html) and the bug-report UI itself; page content stays in.
import { afterEach, describe, expect, it } from 'vitest';
import { keepInScreenshot } from './capture-screenshot';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('keepInScreenshot', () => {
  it('leaves out the <noscript> message and its text', () => {
    document.body.innerHTML =
      '<noscript>TagLedger needs JavaScript to run.</noscript><div id="root"><p>Wallet</p></div>';
    const noscript = document.querySelector('noscript')!;
    expect(keepInScreenshot(noscript)).toBe(false);
    expect(keepInScreenshot(document.querySelector('#root')!)).toBe(true);
    expect(keepInScreenshot(document.querySelector('p')!)).toBe(true);
    expect(keepInScreenshot(document.querySelector('p')!.firstChild!)).toBe(true);
  });

  it('leaves out the bug-report button and dialog', () => {
    document.body.innerHTML = '<button data-bug-report-ui>Report a Bug</button><div role="dialog">Report a Bug</div>';
    expect(keepInScreenshot(document.querySelector('button')!)).toBe(false);
    expect(keepInScreenshot(document.querySelector('[role="dialog"]')!)).toBe(false);
  });
});
