export const LOG_ON_PATH = '/Member/LogOn';

/** The logon page address carrying where to come back to (spec §1: ReturnUrl holds the current path). */
export function logOnUrl(returnUrl?: string): string {
  return returnUrl ? `${LOG_ON_PATH}?ReturnUrl=${encodeURIComponent(returnUrl)}` : LOG_ON_PATH;
}

export function isLogOnPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '').toLowerCase() === LOG_ON_PATH.toLowerCase();
}

let redirecting = false;

/**
 * Leaves the app for the logon page. A full page load (not client routing) so that nothing of the expired
 * session survives in memory; `replace` so Back does not return to a page that would bounce again.
 */
export function redirectToLogOn(): void {
  const { pathname, search, hash } = window.location;
  if (redirecting || isLogOnPath(pathname)) return;
  redirecting = true;
  window.location.replace(logOnUrl(pathname + search + hash));
}

/** After logging out: the logon page with no ReturnUrl, and no later 401 may turn it into one. */
export function leaveForLogOn(): void {
  redirecting = true;
  window.location.replace(LOG_ON_PATH);
}
