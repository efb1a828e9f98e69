/** What a querying AE title may see: every study, or those of exams in some branches or of some client hospitals. */
import type { AeScope } from '../../../auth/data-scope/ae-scope';

export type { AeScope };

const AE_TITLE = /^[ -[\]-~]{1,16}$/;
const CODE = /^[A-Za-z0-9_.-]{1,32}$/;

/**
 * DICOM_QUERY_AE_TITLES: comma-separated entries, each `AE` (every study) or `AE=branch:CODE` /
 * `AE=hospital:CODE`, several codes joined by `+` (docs/decisions/in15-querying-ae-title-may-scoped.md). The AE titles in order with their scopes,
 * or the first entry that is wrong.
 */
export function parseQueryAeTitles(
  value: string,
): { ok: true; scopes: Map<string, AeScope> } | { ok: false; error: string } {
  const scopes = new Map<string, AeScope>();
  for (const raw of value
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '')) {
    const at = raw.lastIndexOf('=');
    const ae = (at < 0 ? raw : raw.slice(0, at)).trim();
    if (!AE_TITLE.test(ae))
      return { ok: false, error: `"${raw}": the AE title must be 1-16 printable ASCII characters, no backslash` };
    if (scopes.has(ae)) return { ok: false, error: `"${ae}" is listed twice` };
    if (at < 0) {
      scopes.set(ae, { kind: 'all' });
      continue;
    }
    const m = /^(branch|hospital):(.+)$/.exec(raw.slice(at + 1).trim());
    const codes = m ? m[2]!.split('+').map((c) => c.trim()) : [];
    if (!m || codes.length === 0 || !codes.every((c) => CODE.test(c))) {
      return {
        ok: false,
        error: `"${raw}": the scope must be branch:CODE or hospital:CODE (several codes joined by +)`,
      };
    }
    scopes.set(ae, { kind: m[1] as 'branch' | 'hospital', codes });
  }
  return { ok: true, scopes };
}

/**
 * Whether an AE may send by C-MOVE to a destination AE: an unscoped one anywhere; a scoped one to itself, or to an AE
 * trusted with at least what it sees (every study, or a scope of the same kind over its codes and maybe more).
 */
export function mayMoveTo(scopes: ReadonlyMap<string, AeScope>, callingAe: string, destinationAe: string): boolean {
  const from = scopes.get(callingAe);
  if (!from || from.kind === 'all' || destinationAe === callingAe) return true;
  const to = scopes.get(destinationAe);
  if (!to) return false;
  return to.kind === 'all' || (to.kind === from.kind && from.codes.every((c) => to.codes.includes(c)));
}
