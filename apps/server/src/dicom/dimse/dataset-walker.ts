/**
 * A streaming structural check of a DICOM data set as its bytes arrive: element headers, VRs, lengths, sequences,
 * items and encapsulated pixel data are followed to the last byte without keeping the values, so a truncated, garbled or
 * wrongly-encoded data set (e.g. implicit VR sent on an explicit context) is caught before the C-STORE is answered.
 * The few top-level attributes the listener checks against the command (SOP class and instance, study and series UIDs,
 * NumberOfFrames) are captured on the way. Memory: a 12-byte header scratch and the captured values, whatever the size.
 */

export interface WalkedAttributes {
  sopClassUid?: string;
  sopInstanceUid?: string;
  studyInstanceUid?: string;
  seriesInstanceUid?: string;
  numberOfFrames?: string;
}

export type WalkResult =
  { ok: true; attrs: WalkedAttributes; bytes: number } | { ok: false; reason: string; bytes: number };

interface Encoding {
  explicit: boolean;
  bigEndian: boolean;
}

type Frame =
  | { kind: 'elements'; enc: Encoding; delimited: boolean } // the data set, or an undefined-length item
  | { kind: 'items'; enc: Encoding } // an undefined-length sequence: items until the sequence delimiter
  | { kind: 'fragments'; enc: Encoding }; // encapsulated pixel data: fragments until the sequence delimiter

const UNDEFINED = 0xffffffff;
const MAX_DEPTH = 32;
const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'UC', 'UN', 'UR', 'UT', 'SV', 'UV']);

/** Root-level tags captured (group << 16 | element) → attribute name. */
const CAPTURE = new Map<number, keyof WalkedAttributes>([
  [0x00080016, 'sopClassUid'],
  [0x00080018, 'sopInstanceUid'],
  [0x0020000d, 'studyInstanceUid'],
  [0x0020000e, 'seriesInstanceUid'],
  [0x00280008, 'numberOfFrames'],
]);
const MAX_CAPTURE = 256;

class WalkError extends Error {}

export function encodingOf(transferSyntaxUid: string): Encoding {
  if (transferSyntaxUid === '1.2.840.10008.1.2') return { explicit: false, bigEndian: false };
  if (transferSyntaxUid === '1.2.840.10008.1.2.2') return { explicit: true, bigEndian: true };
  return { explicit: true, bigEndian: false };
}

export class DatasetWalker {
  private readonly stack: Frame[];
  private readonly hdr = Buffer.alloc(12);
  private hdrLen = 0;
  /** Value bytes still to pass over for the current element or item. */
  private skip = 0;
  private capturing: { key: keyof WalkedAttributes; parts: Buffer[] } | null = null;
  private error: string | null = null;
  private offset = 0;
  readonly attrs: WalkedAttributes = {};

  /** `encoding` is the data set's: the transfer syntax UID, or an explicit encoding (deflate is walked after inflating). */
  constructor(encoding: string | Encoding) {
    const enc = typeof encoding === 'string' ? encodingOf(encoding) : encoding;
    this.stack = [{ kind: 'elements', enc, delimited: false }];
  }

  get failed(): string | null {
    return this.error;
  }

  push(chunk: Buffer): void {
    if (this.error) return;
    try {
      this.consume(chunk);
    } catch (err) {
      this.error = err instanceof WalkError ? err.message : `walker failure: ${(err as Error).message}`;
    }
  }

  /** The data set ended: complete only when the last element ended exactly here, with every sequence closed. */
  finish(): WalkResult {
    if (this.error) return { ok: false, reason: this.error, bytes: this.offset };
    if (this.skip > 0 || this.hdrLen > 0) {
      return { ok: false, reason: `data set truncated inside an element at byte ${this.offset}`, bytes: this.offset };
    }
    if (this.stack.length > 1) {
      return { ok: false, reason: `data set truncated inside a sequence at byte ${this.offset}`, bytes: this.offset };
    }
    return { ok: true, attrs: this.attrs, bytes: this.offset };
  }

  private consume(chunk: Buffer): void {
    let pos = 0;
    const len = chunk.length;
    while (pos < len) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, len - pos);
        if (this.capturing) this.capturing.parts.push(Buffer.from(chunk.subarray(pos, pos + n)));
        this.skip -= n;
        pos += n;
        this.offset += n;
        if (this.skip === 0 && this.capturing) this.endCapture();
        continue;
      }
      const need = this.headerSize();
      if (this.hdrLen < need) {
        const n = Math.min(need - this.hdrLen, len - pos);
        chunk.copy(this.hdr, this.hdrLen, pos, pos + n);
        this.hdrLen += n;
        pos += n;
        this.offset += n;
        if (this.hdrLen < need) continue;
        // An explicit header may turn out to need the long form: ask again before parsing.
        if (this.headerSize() > this.hdrLen) continue;
      }
      this.parseHeader();
    }
  }

  private top(): Frame {
    return this.stack[this.stack.length - 1]!;
  }

  /** Bytes of the header being read: 8, or 12 for an explicit long-VR element once its VR is known. */
  private headerSize(): number {
    const f = this.top();
    if (f.kind !== 'elements' || !f.enc.explicit || this.hdrLen < 6) return 8;
    if (this.isDelimiterTag(f.enc)) return 8;
    const vr = this.hdr.toString('latin1', 4, 6);
    return LONG_VRS.has(vr) ? 12 : 8;
  }

  private u16(at: number, be: boolean): number {
    return be ? this.hdr.readUInt16BE(at) : this.hdr.readUInt16LE(at);
  }
  private u32(at: number, be: boolean): number {
    return be ? this.hdr.readUInt32BE(at) : this.hdr.readUInt32LE(at);
  }

  private isDelimiterTag(enc: Encoding): boolean {
    return this.u16(0, enc.bigEndian) === 0xfffe;
  }

  private parseHeader(): void {
    const f = this.top();
    const be = f.enc.bigEndian;
    const group = this.u16(0, be);
    const element = this.u16(2, be);
    const at = this.offset - this.hdrLen;
    this.hdrLen = 0;

    if (f.kind === 'items' || f.kind === 'fragments') {
      const length = this.u32(4, be);
      if (group !== 0xfffe) throw new WalkError(`expected an item at byte ${at}`);
      if (element === 0xe0dd) {
        this.stack.pop();
        return;
      }
      if (element !== 0xe000) throw new WalkError(`unexpected delimiter (FFFE,${hex(element)}) at byte ${at}`);
      if (length === UNDEFINED) {
        if (f.kind === 'fragments') throw new WalkError(`undefined-length pixel data fragment at byte ${at}`);
        this.pushFrame({ kind: 'elements', enc: f.enc, delimited: true }, at);
        return;
      }
      this.skip = length;
      return;
    }

    // An element (or the delimiter closing an undefined-length item).
    if (group === 0xfffe) {
      if (element === 0xe00d && f.delimited) {
        this.stack.pop();
        return;
      }
      throw new WalkError(`unexpected delimiter (FFFE,${hex(element)}) at byte ${at}`);
    }
    let vr: string | null = null;
    let length: number;
    if (f.enc.explicit) {
      vr = this.hdr.toString('latin1', 4, 6);
      if (!/^[A-Z]{2}$/.test(vr)) {
        throw new WalkError(`invalid VR at byte ${at} for (${hex(group)},${hex(element)}): not explicit VR data`);
      }
      length = LONG_VRS.has(vr) ? this.u32(8, be) : this.u16(6, be);
    } else {
      length = this.u32(4, be);
    }
    const tag = ((group << 16) | element) >>> 0;

    if (length === UNDEFINED) {
      if (tag === 0x7fe00010) {
        if (f.enc.explicit && vr !== 'OB' && vr !== 'OW')
          throw new WalkError(`undefined-length pixel data with VR ${vr} at byte ${at}`);
        this.pushFrame({ kind: 'fragments', enc: f.enc }, at);
        return;
      }
      if (vr === null || vr === 'SQ') {
        this.pushFrame({ kind: 'items', enc: f.enc }, at);
        return;
      }
      // PS3.5 6.2.2: an undefined-length UN holds a sequence encoded in implicit VR little endian.
      if (vr === 'UN') {
        this.pushFrame({ kind: 'items', enc: { explicit: false, bigEndian: false } }, at);
        return;
      }
      throw new WalkError(`undefined length with VR ${vr} at byte ${at}`);
    }

    if (this.stack.length === 1) {
      const key = CAPTURE.get(tag);
      if (key && length <= MAX_CAPTURE) {
        if (length === 0) {
          this.attrs[key] = '';
          return;
        }
        this.capturing = { key, parts: [] };
      }
    }
    this.skip = length;
  }

  private pushFrame(frame: Frame, at: number): void {
    if (this.stack.length >= MAX_DEPTH) throw new WalkError(`sequences nested too deep at byte ${at}`);
    this.stack.push(frame);
  }

  private endCapture(): void {
    const c = this.capturing!;
    this.capturing = null;
    this.attrs[c.key] = Buffer.concat(c.parts)
      .toString('latin1')
      .replace(/[\0 ]+$/, '')
      .replace(/^ +/, '');
  }
}

function hex(n: number): string {
  return n.toString(16).toUpperCase().padStart(4, '0');
}
