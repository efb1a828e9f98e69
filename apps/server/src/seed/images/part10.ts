import { createRequire } from 'node:module';
import { encodeRleFrame } from './rle-encode';
import { uidFrom } from './uid';

/** dcmjs's "naturalized" dataset: DICOM keywords as keys; `_vrMap` names the VR of ambiguous attributes. */
export type Dataset = Record<string, unknown>;

interface DcmjsData {
  DicomDict: new (meta: object) => { dict: object; write(opts?: object): ArrayBuffer };
  DicomMetaDictionary: { denaturalizeDataset(ds: object): object };
}
interface Dcmjs {
  data: DcmjsData;
  log: { setLevel(level: string): void };
}

// dcmjs ships no types; only the two calls used here are described.
const dcmjs = createRequire(import.meta.url)('dcmjs') as Dcmjs;
dcmjs.log.setLevel('error');

export const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';
export const RLE_LOSSLESS = '1.2.840.10008.1.2.5';
export type GeneratedSyntax = 'explicit-le' | 'rle';

/** Our implementation's identity in the file meta header (PS3.7 D.3.3.2). */
export const IMPLEMENTATION_CLASS_UID = uidFrom('implementation-class');
export const IMPLEMENTATION_VERSION_NAME = 'RANGSI_GEN_1';

/** Native pixel bytes of every frame (little endian, interleaved colour), and how to read them. */
export interface PixelFrames {
  frames: Uint8Array[];
  pixels: number;
  samples: 1 | 3;
  bitsAllocated: 8 | 16;
}

/**
 * A Part-10 file (preamble, meta header, explicit VR little endian dataset) written by dcmjs, with the pixel data
 * native or RLE Lossless (one fragment per frame).
 */
export function writePart10(ds: Dataset, pixels: PixelFrames, syntax: GeneratedSyntax = 'explicit-le'): Buffer {
  const transferSyntax = syntax === 'rle' ? RLE_LOSSLESS : EXPLICIT_VR_LITTLE_ENDIAN;
  const meta = {
    FileMetaInformationVersion: new Uint8Array([0, 1]).buffer,
    MediaStorageSOPClassUID: ds.SOPClassUID,
    MediaStorageSOPInstanceUID: ds.SOPInstanceUID,
    TransferSyntaxUID: transferSyntax,
    ImplementationClassUID: IMPLEMENTATION_CLASS_UID,
    ImplementationVersionName: IMPLEMENTATION_VERSION_NAME,
  };
  let pixelData: ArrayBuffer | ArrayBuffer[];
  let vr: 'OW' | 'OB';
  if (syntax === 'rle') {
    pixelData = pixels.frames.map((f) =>
      toArrayBuffer(encodeRleFrame(f, pixels.pixels, pixels.samples, pixels.bitsAllocated / 8)),
    );
    vr = 'OB';
  } else {
    pixelData = toArrayBuffer(pixels.frames.length === 1 ? pixels.frames[0]! : Buffer.concat(pixels.frames));
    vr = pixels.bitsAllocated === 16 ? 'OW' : 'OB';
  }
  const dict = new dcmjs.data.DicomDict(dcmjs.data.DicomMetaDictionary.denaturalizeDataset(meta));
  dict.dict = dcmjs.data.DicomMetaDictionary.denaturalizeDataset({
    ...ds,
    PixelData: pixelData,
    _vrMap: { PixelData: vr },
  });
  return Buffer.from(dict.write({ fragmentMultiframe: false }));
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
    ? bytes.buffer
    : bytes.slice().buffer;
}

/** A DS value (at most 16 characters, PS3.5 Table 6.2-1) from a number. */
export function ds(value: number): string {
  if (Number.isInteger(value)) return String(value);
  for (let digits = 10; digits >= 0; digits--) {
    const text = String(Number(value.toFixed(digits)));
    if (text.length <= 16) return text;
  }
  return String(Math.round(value));
}

/** A multi-valued DS. */
export const dsList = (values: number[]): string[] => values.map(ds);
