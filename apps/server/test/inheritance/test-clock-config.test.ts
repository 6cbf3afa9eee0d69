// The test clock control is a test-only setting: off by default, and refused in production.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';

describe('TEST_CLOCK', () => {
  it('is off unless asked for', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: 'on' }).testClock).toBe(true);
  });

  it('stops the start with NODE_ENV=production', () => {
    expect(() => loadConfig({ TEST_CLOCK: 'on', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ TEST_CLOCK: 'on', NODE_ENV: 'production' })).toThrow(
      'the test clock cannot be used with NODE_ENV=production',
    );
    expect(loadConfig({ NODE_ENV: 'production' }).testClock).toBe(false);
  });
});
