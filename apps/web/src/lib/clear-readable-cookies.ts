/**
 * Spec §1: logging out clears all cookies. Script can only expire the ones it can read (the session cookie
 * is HttpOnly and is cleared by the server); each is expired on every path prefix and domain it may have
 * been set with, since a cookie only goes away when both match.
 */
export function clearReadableCookies(): void {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter((name) => name.length > 0);
  if (names.length === 0) return;

  const segments = window.location.pathname.split('/').filter(Boolean);
  const paths = ['/', ...segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`)];
  const hostParts = window.location.hostname.split('.');
  const domains = ['', ...hostParts.slice(0, -1).map((_, i) => `; domain=.${hostParts.slice(i).join('.')}`)];

  for (const name of names) {
    for (const path of paths) {
      for (const domain of domains) {
        document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}${domain}`;
      }
    }
  }
}
