import type { Database } from '../../db/client';
import { readSetting, writeSetting } from '../../db/settings';

/**
 * The site_config row listing modality AE titles the installation itself knows (the demo's simulated modalities),
 * added to DICOM_ALLOWED_AE_TITLES (docs/decisions/sec21-dicom-calling-ae-allow-list.md).
 */
export const DICOM_PEERS_KEY = 'dicom.knownAeTitles';

/** Adds AE titles to the stored list of known DICOM peers (the demo seed: its modality stations). */
export async function rememberDicomPeers(db: Database, aeTitles: readonly string[]): Promise<void> {
  const titles = [
    ...new Set([...(await storedDicomPeers(db)), ...aeTitles.map((t) => t.trim()).filter((t) => t !== '')]),
  ].sort();
  await writeSetting(db, DICOM_PEERS_KEY, { aeTitles: titles });
}

/** The stored list of known DICOM peers (empty when none). */
export async function storedDicomPeers(db: Database): Promise<string[]> {
  const titles = (await readSetting<{ aeTitles?: unknown }>(db, DICOM_PEERS_KEY))?.aeTitles;
  return Array.isArray(titles) ? titles.filter((t): t is string => typeof t === 'string') : [];
}

export interface CallingAeSettings {
  /** DICOM_ALLOWED_AE_TITLES; `*` alone opens the listener to any calling AE. */
  allowed: readonly string[];
  /** AE titles of DICOM_QUERY_AE_TITLES and DICOM_WORKLIST_AE_SCOPES: named there, so known. */
  named: Iterable<string>;
  /** storedDicomPeers. */
  stored: readonly string[];
}

/**
 * Who may associate (store, query the worklist): 'any' when DICOM_ALLOWED_AE_TITLES is `*`, else exactly the AE
 * titles listed anywhere in the settings or stored; an installation that lists none accepts no calling AE.
 */
export function callingAePolicy(s: CallingAeSettings): 'any' | string[] {
  if (s.allowed.includes('*')) return 'any';
  return [...new Set([...s.allowed, ...s.named, ...s.stored])].sort();
}
