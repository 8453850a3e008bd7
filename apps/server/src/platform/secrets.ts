import fs from 'node:fs';
import path from 'node:path';
import { randomToken } from './crypto';

/**
 * The key that signs CSRF tokens and e-mail links. Production sets APP_KEY (every instance must share it);
 * a laptop gets one generated once and kept in the data directory so restarts keep links valid.
 */
export function resolveAppKey(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'app-key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const key = randomToken(32);
    fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    return key;
  }
}
