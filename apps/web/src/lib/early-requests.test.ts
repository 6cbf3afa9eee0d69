import { afterEach, describe, expect, it, vi } from 'vitest';
import { callKey, keepEarly, takeEarly } from './early-requests';

describe('takeEarly', () => {
  afterEach(() => vi.useRealTimers());

  it('gives the answer once, to the same question asked with the same token', async () => {
    const key = callKey('my-assets', { limit: 12 });
    keepEarly(key, 'token-a', Promise.resolve('page'));
    expect(takeEarly(callKey('my-assets', { limit: 24 }), 'token-a')).toBeNull();
    await expect(takeEarly(key, 'token-a')).resolves.toBe('page');
    expect(takeEarly(key, 'token-a')).toBeNull();
  });

  it('gives nothing to another token (another user, or a refreshed session) and drops the answer', () => {
    const key = callKey('my-asset', { id: 'a' });
    keepEarly(key, 'token-a', Promise.resolve('asset'));
    expect(takeEarly(key, 'token-b')).toBeNull();
    expect(takeEarly(key, 'token-a')).toBeNull();
    keepEarly(key, 'token-a', Promise.resolve('asset'));
    expect(takeEarly(key, undefined)).toBeNull();
  });

  it('gives nothing once the answer is 20 s old: the app asks the server then', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const key = callKey('my-asset', { id: 'b' });
    keepEarly(key, 'token-a', Promise.resolve('asset'));
    vi.advanceTimersByTime(20_001);
    expect(takeEarly(key, 'token-a')).toBeNull();
  });

  it('keeps a failure for the taker, without reporting it as unhandled', async () => {
    const key = callKey('my-assets', {});
    keepEarly(key, 'token-a', Promise.reject(new Error('offline')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeEarly(key, 'token-a')).rejects.toThrow('offline');
  });
});
