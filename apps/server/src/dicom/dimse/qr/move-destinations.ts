import type { StoreDestination } from '../scu/store-scu';

const AE_TITLE = /^[ -?A-[\]-~]{1,16}$/; // printable ASCII without backslash or '@' (the separator)
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])$/;

/**
 * The C-MOVE destination table from its setting: `AE@host:port` entries, comma-separated (an IPv6 address in
 * brackets). A C-MOVE may name only these AE titles; the requester's own address is never used.
 */
export function parseMoveDestinations(
  text: string,
): { ok: true; destinations: StoreDestination[] } | { ok: false; error: string } {
  const destinations: StoreDestination[] = [];
  for (const raw of text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '')) {
    const at = raw.lastIndexOf('@');
    const colon = raw.lastIndexOf(':');
    const aeTitle = raw.slice(0, Math.max(at, 0)).trim();
    const host = at < 0 || colon < at ? '' : raw.slice(at + 1, colon);
    const port = colon < 0 ? NaN : Number(raw.slice(colon + 1));
    if (
      at < 0 ||
      !AE_TITLE.test(aeTitle) ||
      !HOST.test(host) ||
      !Number.isInteger(port) ||
      port < 1 ||
      port > 65535 ||
      !/^\d+$/.test(raw.slice(colon + 1))
    ) {
      return {
        ok: false,
        error: `"${raw}" is not AE@host:port (AE title 1-16 printable ASCII characters, a host name or address, a port 1-65535)`,
      };
    }
    if (destinations.some((d) => d.aeTitle === aeTitle)) return { ok: false, error: `${aeTitle} is listed twice` };
    destinations.push({ aeTitle, host: host.startsWith('[') ? host.slice(1, -1) : host, port });
  }
  return { ok: true, destinations };
}
