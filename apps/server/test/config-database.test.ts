// The database settings for a transaction pooler and read replicas (docs/operations.md).
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/index.js';

describe('database pooler and replica settings', () => {
  it('defaults to a session pool, no direct URL, no replicas and a 5 s read-your-writes window', () => {
    const c = loadConfig({});
    expect(c.databasePoolMode).toBe('session');
    expect(c.databaseDirectUrl).toBeUndefined();
    expect(c.databaseReadUrls).toEqual([]);
    expect(c.databaseReadYourWritesMs).toBe(5000);
  });

  it('reads a transaction pooler with its direct URL', () => {
    const c = loadConfig({ DATABASE_POOL_MODE: 'transaction', DATABASE_DIRECT_URL: 'postgres://db:5432/app' });
    expect(c.databasePoolMode).toBe('transaction');
    expect(c.databaseDirectUrl).toBe('postgres://db:5432/app');
    expect(() => loadConfig({ DATABASE_POOL_MODE: 'statement' })).toThrow(ConfigError);
  });

  it('splits DATABASE_READ_URL on commas and refuses what is not a URL', () => {
    const c = loadConfig({
      DATABASE_READ_URL: ' postgres://r1:5432/app , postgres://r2:5432/app,',
      DATABASE_READ_YOUR_WRITES_SECONDS: '2.5',
    });
    expect(c.databaseReadUrls).toEqual(['postgres://r1:5432/app', 'postgres://r2:5432/app']);
    expect(c.databaseReadYourWritesMs).toBe(2500);
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://r1/app, not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_READ_YOUR_WRITES_SECONDS: '-1' })).toThrow(ConfigError);
  });
});
