import { TS } from '../uids';
import { rewriteTo, type Rewrite } from '../transcode/rewrite-dataset';
import { parseAccept } from './media-type';

/**
 * Transfer syntax negotiation of WADO-RS instance retrieval (PS3.18 §8.7.3): each acceptable media range asks for a
 * transfer syntax, `*` for as stored, none for the default, explicit VR little endian (decision IO02).
 */

/** What the client asked for, in its order of preference: `*` or a transfer syntax UID. */
export interface RetrieveRequest {
  mode: 'multipart' | 'single';
  syntaxes: string[];
}

/** How one instance goes: its stored bytes, or its data set rewritten into `ts`. */
export type Delivery = { kind: 'stored'; ts: string } | { kind: 'rewrite'; ts: string; how: Rewrite };

/**
 * multipart/related of application/dicom parts, or one bare application/dicom body for a single instance, with the
 * transfer syntaxes each acceptable range asks for; null when no range is one a retrieval can answer.
 */
export function negotiateRetrieve(accept: string | undefined, single: boolean): RetrieveRequest | null {
  let mode: RetrieveRequest['mode'] | null = null;
  const syntaxes: string[] = [];
  for (const range of parseAccept(accept)) {
    let rangeMode: RetrieveRequest['mode'] | null = null;
    if (range.type === 'multipart/related') {
      const type = range.params.type?.toLowerCase();
      if (!type || type === 'application/dicom') rangeMode = 'multipart';
    } else if (range.type === 'application/dicom') {
      if (single) rangeMode = 'single';
    } else if (range.type === '*/*' || range.type === 'multipart/*') {
      rangeMode = 'multipart';
    }
    if (!rangeMode) continue;
    mode ??= rangeMode;
    if (rangeMode !== mode) continue;
    const wanted = range.params['transfer-syntax']?.trim() || TS.explicitLE;
    if (!syntaxes.includes(wanted)) syntaxes.push(wanted);
  }
  return mode ? { mode, syntaxes } : null;
}

/** The first of the asked syntaxes an instance stored in `stored` can be sent in; null when none. */
export function deliveryFor(stored: string, syntaxes: readonly string[]): Delivery | null {
  for (const wanted of syntaxes) {
    if (wanted === '*' || wanted === stored) return { kind: 'stored', ts: stored };
    const how = rewriteTo(stored, wanted);
    if (how) return { kind: 'rewrite', ts: wanted, how };
  }
  return null;
}
