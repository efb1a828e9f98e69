/** Media types of Accept and Content-Type headers, with their parameters (RFC 9110 §8.3, §12.5.1). */
export interface MediaRange {
  type: string;
  params: Record<string, string>;
  q: number;
}

/** Splits on a separator outside double quotes. */
function splitOutsideQuotes(text: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' && text[i - 1] !== '\\') quoted = !quoted;
    if (c === sep && !quoted) {
      out.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  out.push(cur);
  return out;
}

export function parseMediaType(text: string): MediaRange | null {
  const [head, ...rest] = splitOutsideQuotes(text, ';');
  const type = (head ?? '').trim().toLowerCase();
  if (!/^[a-z0-9!#$&^_.+*-]+\/[a-z0-9!#$&^_.+*-]+$/.test(type)) return null;
  const params: Record<string, string> = {};
  let q = 1;
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    const key = p.slice(0, eq).trim().toLowerCase();
    let value = p.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2)
      value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    if (key === 'q') {
      const n = Number(value);
      q = Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 1;
    } else {
      params[key] = value;
    }
  }
  return { type, params, q };
}

/** The media ranges of an Accept header, best first; an absent header accepts anything. */
export function parseAccept(header: string | undefined): MediaRange[] {
  if (!header || !header.trim()) return [{ type: '*/*', params: {}, q: 1 }];
  return splitOutsideQuotes(header, ',')
    .map((part) => parseMediaType(part))
    .filter((m): m is MediaRange => m !== null && m.q > 0)
    .sort((a, b) => b.q - a.q);
}

/** True when the range covers the type ('*\/*', 'application/*' or exact). */
export function covers(range: string, type: string): boolean {
  if (range === '*/*' || range === type) return true;
  return range.endsWith('/*') && type.startsWith(range.slice(0, -1));
}
