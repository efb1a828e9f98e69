/** One part of a multipart/related body: its headers (names lower-case) and its bytes in a buffer of their own. */
export interface Part {
  headers: Record<string, string>;
  body: ArrayBuffer;
}

const CR = 13;
const enc = new TextEncoder();
const dec = new TextDecoder('latin1');

/** The boundary parameter of a multipart Content-Type, or null. */
export function boundaryOf(contentType: string | null): string | null {
  if (!contentType || !/^multipart\//i.test(contentType.trim())) return null;
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/**
 * Splits a multipart body as it arrives (RFC 2046): `push` each chunk, get back the parts completed by it. Parts are
 * large (a DICOM file each), so the bytes are kept in one growing buffer and searched only where new data landed;
 * each part is copied once into its own ArrayBuffer (Cornerstone keeps it).
 */
export class MultipartReader {
  private readonly delimiter: Uint8Array;
  // A CRLF in front lets the first boundary match the same delimiter as the others.
  private buf = new Uint8Array(1 << 20);
  private len = 2;
  /** Where the current part's headers start (after a delimiter's line end), or -1 before the first delimiter. */
  private partStart = -1;
  private scanFrom = 0;
  done = false;

  constructor(boundary: string) {
    this.delimiter = enc.encode(`\r\n--${boundary}`);
    this.buf[0] = CR;
    this.buf[1] = 10;
  }

  push(chunk: Uint8Array): Part[] {
    if (this.done) return [];
    this.append(chunk);
    const parts: Part[] = [];
    const d = this.delimiter;
    for (;;) {
      const at = this.find(this.scanFrom);
      if (at < 0) {
        this.scanFrom = Math.max(this.scanFrom, this.len - d.length + 1);
        break;
      }
      // What follows the boundary: "--" closes the body, otherwise the rest of the line; wait for two bytes.
      const after = at + d.length;
      if (after + 2 > this.len) break;
      if (this.partStart >= 0) {
        const part = this.parsePart(this.partStart, at);
        if (part) parts.push(part);
        // Found again on the next push if the boundary line is not complete yet: not a part twice.
        this.partStart = -1;
      }
      if (this.buf[after] === 45 && this.buf[after + 1] === 45) {
        this.done = true;
        break;
      }
      const eol = this.buf.indexOf(10, after);
      if (eol < 0) break;
      this.partStart = eol + 1;
      this.scanFrom = eol + 1;
      this.compact();
    }
    return parts;
  }

  private append(chunk: Uint8Array): void {
    if (this.len + chunk.length > this.buf.length) {
      const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + chunk.length));
      next.set(this.buf.subarray(0, this.len));
      this.buf = next;
    }
    this.buf.set(chunk, this.len);
    this.len += chunk.length;
  }

  /** The next delimiter at or after `from`: memchr-like indexOf for its first byte, then a compare. */
  private find(from: number): number {
    const d = this.delimiter;
    for (let i = this.buf.indexOf(CR, from); i >= 0 && i + d.length <= this.len; i = this.buf.indexOf(CR, i + 1)) {
      let j = 1;
      while (j < d.length && this.buf[i + j] === d[j]) j++;
      if (j === d.length) return i;
    }
    return -1;
  }

  private parsePart(start: number, end: number): Part | null {
    let headEnd = -1;
    for (let i = this.buf.indexOf(CR, start); i >= 0 && i + 3 < end; i = this.buf.indexOf(CR, i + 1)) {
      if (this.buf[i + 1] === 10 && this.buf[i + 2] === CR && this.buf[i + 3] === 10) {
        headEnd = i;
        break;
      }
    }
    // A part without headers starts with its blank line.
    if (headEnd < 0 && !(this.buf[start] === CR && this.buf[start + 1] === 10)) return null;
    const headers: Record<string, string> = {};
    const headText = headEnd < 0 ? '' : dec.decode(this.buf.subarray(start, headEnd));
    for (const line of headText.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const bodyStart = headEnd < 0 ? start + 2 : headEnd + 4;
    return { headers, body: this.buf.slice(bodyStart, end).buffer };
  }

  /** Drops what was consumed, so the buffer holds at most one part and a bit. */
  private compact(): void {
    const keep = this.partStart;
    if (keep <= 0) return;
    this.buf.copyWithin(0, keep, this.len);
    this.len -= keep;
    this.scanFrom -= keep;
    this.partStart = 0;
  }
}
