import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { readSetting, settleSetting } from '../db/settings';

const KEY = '_sessionSecret';

/** Outside production a secret is generated once per database, so sessions survive restarts without configuration. */
export async function storedSessionSecret(db: Database): Promise<string> {
  const stored = await readSetting<unknown>(db, KEY);
  if (typeof stored === 'string') return stored;
  const settled = await settleSetting<unknown>(db, KEY, randomBytes(32).toString('base64url'));
  if (typeof settled !== 'string') throw new Error(`${KEY} in site_config is not a string`);
  return settled;
}
