import { S3Error } from './s3-error';

export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new S3Error(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }
}

/** Query pairs as sent, decoded (a name without '=' has an empty value). */
export function parseQuery(raw: string): [string, string][] {
  return raw
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const eq = p.indexOf('=');
      return eq < 0 ? [decodeSegment(p), ''] : [decodeSegment(p.slice(0, eq)), decodeSegment(p.slice(eq + 1))];
    });
}

/** Bucket and key of a request, path style (`/bucket/key`) or virtual-host style (`bucket.suffix/key`). */
export function locate(
  host: string | undefined,
  segments: string[],
  suffix: string | undefined,
): { bucket: string | null; key: string | null } {
  const hostname = (host ?? '').replace(/:\d+$/, '').toLowerCase();
  const rest = segments.slice(1);
  if (suffix && hostname.endsWith(`.${suffix.toLowerCase()}`)) {
    const bucket = hostname.slice(0, -suffix.length - 1);
    const key = rest.join('/');
    return { bucket, key: key === '' ? null : key };
  }
  const [bucket, ...keyParts] = rest;
  const key = keyParts.join('/');
  return { bucket: bucket ? bucket : null, key: keyParts.length === 0 || key === '' ? null : key };
}

export function onlyParams(params: URLSearchParams, allowed: string[]): boolean {
  return [...params.keys()].every((k) => allowed.includes(k));
}
