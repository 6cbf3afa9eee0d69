import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONSOLE_BUFFER_SIZE,
  clearConsoleEntries,
  getConsoleEntries,
  installConsoleCapture,
  recentConsoleLogs,
} from './console-capture';

function fakeConsole() {
  const calls: Array<[string, unknown[]]> = [];
  const target = {
    error: vi.fn((...a: unknown[]) => calls.push(['error', a])),
    warn: vi.fn((...a: unknown[]) => calls.push(['warn', a])),
    log: vi.fn((...a: unknown[]) => calls.push(['log', a])),
  } as unknown as Console;
  return { target, calls };
}

describe('installConsoleCapture', () => {
  beforeEach(() => clearConsoleEntries());

  it('records errors and warnings, and only logs that mention error, failed or timeout', () => {
    const { target } = fakeConsole();
    installConsoleCapture(target);
    target.error('Boom', new Error('bad'));
    target.warn('careful', { a: 1 });
    target.log('all good');
    target.log('Request FAILED with 500');
    target.log('socket timeout after 3s');
    target.log('an Error happened');
    const entries = getConsoleEntries();
    expect(entries.map((e) => e.level)).toEqual(['error', 'warn', 'log', 'log', 'log']);
    expect(entries[0]!.message).toContain('Boom');
    expect(entries[0]!.message).toContain('bad');
    expect(entries[1]!.message).toBe('careful {"a":1}');
    expect(entries.map((e) => e.message)).not.toContain('all good');
  });

  it('keeps the original console behaviour', () => {
    const { target, calls } = fakeConsole();
    installConsoleCapture(target);
    target.log('plain', 42);
    target.error('err');
    expect(calls).toEqual([
      ['log', ['plain', 42]],
      ['error', ['err']],
    ]);
  });

  it('is idempotent: a second install does not double-record', () => {
    const { target, calls } = fakeConsole();
    installConsoleCapture(target);
    installConsoleCapture(target);
    target.warn('once');
    expect(getConsoleEntries()).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });

  it('keeps a bounded ring buffer of the newest entries', () => {
    const { target } = fakeConsole();
    installConsoleCapture(target);
    for (let i = 0; i < CONSOLE_BUFFER_SIZE + 25; i++) target.error(`e${i}`);
    const entries = getConsoleEntries();
    expect(entries).toHaveLength(CONSOLE_BUFFER_SIZE);
    expect(entries[0]!.message).toBe('e25');
    expect(entries.at(-1)!.message).toBe(`e${CONSOLE_BUFFER_SIZE + 24}`);
  });

  it('sends the last 20 entries newline-joined', () => {
    const { target } = fakeConsole();
    installConsoleCapture(target);
    for (let i = 0; i < 30; i++) target.warn(`w${i}`);
    const lines = recentConsoleLogs().split('\n');
    expect(lines).toHaveLength(20);
    expect(lines[0]).toMatch(/^\[\d{4}-\d\d-\d\dT.*Z\] \[WARN\] w10$/);
    expect(lines[19]).toMatch(/\[WARN\] w29$/);
  });

  it('records uncaught errors and unhandled rejections when installed on the global console', () => {
    installConsoleCapture();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('kaboom'), message: 'kaboom' }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = 'no network';
    window.dispatchEvent(rejection);
    const messages = getConsoleEntries().map((e) => e.message);
    expect(messages.some((m) => m.includes('kaboom'))).toBe(true);
    expect(messages).toContain('Unhandled rejection: no network');
  });
});
