import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { resolveVapidKeys } from './push';

const base = {
  MAIL_FROM: 'Storekeep <no-reply@storekeep.test>',
  VAPID_SUBJECT: undefined,
  VAPID_PUBLIC_KEY: undefined,
  VAPID_PRIVATE_KEY: undefined,
};

describe('VAPID keys', () => {
  it('are generated once into the data directory when none are configured, and kept across restarts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-vapid-'));
    try {
      const first = resolveVapidKeys({ ...base, DATA_DIR: dir });
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(first.subject).toBe('mailto:no-reply@storekeep.test');
      expect(fs.statSync(path.join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
      expect(resolveVapidKeys({ ...base, DATA_DIR: dir })).toEqual(first);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('come from the environment when set (both, or it is a configuration error)', () => {
    const dir = path.join(os.tmpdir(), 'storekeep-vapid-unused');
    expect(
      resolveVapidKeys({
        ...base,
        DATA_DIR: dir,
        VAPID_PUBLIC_KEY: 'pub',
        VAPID_PRIVATE_KEY: 'priv',
        VAPID_SUBJECT: 'https://storekeep.example',
      }),
    ).toEqual({ publicKey: 'pub', privateKey: 'priv', subject: 'https://storekeep.example' });
    expect(() => resolveVapidKeys({ ...base, DATA_DIR: dir, VAPID_PUBLIC_KEY: 'pub' })).toThrow(ConfigError);
    expect(fs.existsSync(dir)).toBe(false);
  });
});
