/**
 * Where the browser finds the workstation's CD and RadiAnt helpers (spec §7; "ports and hosts: not shown"). The
 * default is the Rangsi Helper's own loopback address (apps/helper, docs/design/rangsi-helper-protocol.md), so a
 * clinic that installs it needs no setting; a site that has none sets them to null and the actions are not offered
 * (decision WS10).
 */
export const DEFAULT_CD_HELPER_URL = 'http://127.0.0.1:17580/cd/';
export const DEFAULT_RADIANT_HELPER_URL = 'http://127.0.0.1:17580/radiant/';

export interface WorkstationHelpers {
  cdHelperUrl: string | null;
  radiantHelperUrl: string | null;
}

/** The stored site value (absent: the defaults; a null field: that helper is not offered), env overrides first. */
export function workstationHelpersFrom(
  stored: Partial<WorkstationHelpers> | undefined,
  overrides: Partial<WorkstationHelpers>,
): WorkstationHelpers {
  const pick = (key: keyof WorkstationHelpers, fallback: string) =>
    overrides[key] ?? (stored === undefined || stored[key] === undefined ? fallback : stored[key]);
  return {
    cdHelperUrl: pick('cdHelperUrl', DEFAULT_CD_HELPER_URL),
    radiantHelperUrl: pick('radiantHelperUrl', DEFAULT_RADIANT_HELPER_URL),
  };
}
