import { afterEach, describe, expect, it } from 'vitest';
import { appConfig } from './app-config';
import { userFileUrl } from './user-files';

describe('userFileUrl', () => {
  const saved = { ...appConfig };
  afterEach(() => Object.assign(appConfig, saved));

  it('moves storage URLs of the API origin to the storage origin', () => {
    Object.assign(appConfig, { supabaseUrl: 'https://app.example', storageUrl: 'https://files.example' });
    expect(userFileUrl('https://app.example/storage/v1/object/public/avatars/a.png')).toBe(
      'https://files.example/storage/v1/object/public/avatars/a.png',
    );
    expect(userFileUrl('/storage/v1/object/sign/b/c.pdf?token=t')).toBe(
      'https://files.example/storage/v1/object/sign/b/c.pdf?token=t',
    );
  });

  it('leaves other URLs alone, and storage URLs when both origins are one', () => {
    Object.assign(appConfig, { supabaseUrl: 'https://app.example', storageUrl: 'https://app.example' });
    expect(userFileUrl('https://app.example/storage/v1/object/public/avatars/a.png')).toBe(
      'https://app.example/storage/v1/object/public/avatars/a.png',
    );
    Object.assign(appConfig, { storageUrl: 'https://files.example' });
    expect(userFileUrl('https://app.example/rest/v1/x')).toBe('https://app.example/rest/v1/x');
    expect(userFileUrl('https://elsewhere.example/storage/v1/x')).toBe('https://elsewhere.example/storage/v1/x');
  });
});
