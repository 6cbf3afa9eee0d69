// ADMIN_NAME: the full name given to the ADMIN_EMAIL account, "{APP_NAME} Team" unless set.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/index.js';

describe('ADMIN_NAME', () => {
  it('defaults to the product team name, also when set empty', () => {
    expect(loadConfig({}).adminName).toBe('TagLedger Team');
    expect(loadConfig({ APP_NAME: 'Acme Tags' }).adminName).toBe('Acme Tags Team');
    expect(loadConfig({ ADMIN_NAME: '' }).adminName).toBe('TagLedger Team');
  });

  it('takes a given name, trimmed, and refuses one longer than a profile name may be', () => {
    expect(loadConfig({ ADMIN_NAME: '  Ops Desk ' }).adminName).toBe('Ops Desk');
    expect(() => loadConfig({ ADMIN_NAME: 'x'.repeat(201) })).toThrow(ConfigError);
  });
});
