/** UIDs and status codes the DIMSE listener speaks. */

export const VERIFICATION_SOP_CLASS = '1.2.840.10008.1.1';
export const MWL_FIND_SOP_CLASS = '1.2.840.10008.5.1.4.31';
/** Every standard storage SOP class lives under this root (dcmjs-dimse's own list of 59 misses RT, SEG, ECG, KOS, GSPS…). */
export const STORAGE_SOP_CLASS_PREFIX = '1.2.840.10008.5.1.4.1.1.';

/**
 * Our implementation class UID: a UUID-derived 2.25 UID (PS3.5 B.2), fixed for Rangsi, and the version name beside it.
 * Written into the file meta of every received instance and announced at association.
 */
export const IMPLEMENTATION_CLASS_UID = '2.25.285302930125632151837540338203735436289';
export const IMPLEMENTATION_VERSION_NAME = 'RANGSI_1';

export const TS = {
  implicitLE: '1.2.840.10008.1.2',
  explicitLE: '1.2.840.10008.1.2.1',
  deflate: '1.2.840.10008.1.2.1.99',
  explicitBE: '1.2.840.10008.1.2.2',
  jpegBaseline: '1.2.840.10008.1.2.4.50',
  jpegExtended: '1.2.840.10008.1.2.4.51',
  jpegLossless: '1.2.840.10008.1.2.4.57',
  jpegLosslessSV1: '1.2.840.10008.1.2.4.70',
  jpegLsLossless: '1.2.840.10008.1.2.4.80',
  jpegLsNearLossless: '1.2.840.10008.1.2.4.81',
  jpeg2000Lossless: '1.2.840.10008.1.2.4.90',
  jpeg2000: '1.2.840.10008.1.2.4.91',
  rle: '1.2.840.10008.1.2.5',
} as const;

/** Transfer syntaxes accepted for storage; the data is stored exactly as it arrives in any of them. */
export const STORAGE_TRANSFER_SYNTAXES: ReadonlySet<string> = new Set(Object.values(TS));

/** Echo and worklist queries: the uncompressed little-endian syntaxes every peer offers. */
export const QUERY_TRANSFER_SYNTAXES: ReadonlySet<string> = new Set([TS.implicitLE, TS.explicitLE]);

const UID_RE = /^(0|[1-9][0-9]*)(\.(0|[1-9][0-9]*))*$/;
/** Syntax of a UID as it may appear on the wire (tolerates the leading zeros some vendors write, like the corpus's RT files). */
const LENIENT_UID_RE = /^[0-9]+(\.[0-9]+)*$/;

export function isStorageSopClass(uid: string): boolean {
  return uid.startsWith(STORAGE_SOP_CLASS_PREFIX) && uid.length <= 64 && UID_RE.test(uid);
}

export function isLenientUid(uid: string): boolean {
  return uid.length > 0 && uid.length <= 64 && LENIENT_UID_RE.test(uid);
}

/** DIMSE status codes used in our answers (PS3.4 B.2.3, C.4.1.1.4, PS3.7 C). */
export const Status = {
  Success: 0x0000,
  Pending: 0xff00,
  /** C-GET / C-MOVE sub-operations stopped by a C-CANCEL (PS3.4 C.4.2.1.5, C.4.3.1.4). */
  Cancel: 0xfe00,
  /** Refused: SOP class not supported (the request's class is not the context's, or not storage). */
  SopClassNotSupported: 0x0122,
  /** Refused: out of resources — too large, or the archive could not take it now (the sender may retry later). */
  OutOfResources: 0xa700,
  /** Error: data set does not match SOP class (UIDs missing or differing from the command; bad query identifier). */
  DataSetMismatch: 0xa900,
  /** Error: cannot understand (malformed, truncated, undecodable deflate, no data set). */
  CannotUnderstand: 0xc000,
} as const;

/** An ErrorComment (0000,0902): LO, at most 64 characters, no backslash or control characters. */
export function errorComment(text: string): string {
  return text.replace(/[\\\x00-\x1f]/g, ' ').slice(0, 64);
}

/** A status as logged: 0xA702. */
export function hexStatus(status: number): string {
  return `0x${status.toString(16).toUpperCase().padStart(4, '0')}`;
}
