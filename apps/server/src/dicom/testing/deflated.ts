/**
 * Deflated Explicit VR Little Endian instances for tests (PS3.5 A.5): an ordinary one, and a deflate bomb whose pixel
 * data is hundreds of MiB of zeros in under a MiB, built in milliseconds rather than by deflating the zeros.
 */
import zlib from 'node:zlib';
import { buildInstance, type TestInstance } from './build-dicom';

export const DEFLATED_TS = '1.2.840.10008.1.2.1.99';

/** Where the data set starts in a Part-10 file whose meta group begins with its group length (as buildInstance writes). */
export function datasetStart(part10: Buffer): number {
  const dicm = part10.toString('latin1', 128, 132) === 'DICM' ? 128 : 0;
  const groupLength = part10.readUInt32LE(dicm + 12);
  return dicm + 16 + groupLength;
}

/** A buildInstance instance with its data set deflated. */
export function buildDeflated(t: TestInstance = {}): ReturnType<typeof buildInstance> {
  const built = buildInstance({ ...t, transferSyntax: DEFLATED_TS });
  const start = datasetStart(built.bytes);
  return {
    ...built,
    bytes: Buffer.concat([built.bytes.subarray(0, start), zlib.deflateRawSync(built.bytes.subarray(start))]),
  };
}

/**
 * A deflated instance whose 8-bit pixel data is `frames` frames of `rows` × `columns` zeros: Rows, Columns and
 * NumberOfFrames agree with it, so only its inflated size gives it away. Each MiB of zeros is one deflate segment ending
 * on a byte boundary (a sync flush) that refers to nothing before it, so the same segment is repeated.
 */
export function buildDeflateBomb(
  opts: { rows: number; columns: number; frames: number } & TestInstance,
): ReturnType<typeof buildInstance> & { pixelBytes: number } {
  const pixelBytes = opts.rows * opts.columns * opts.frames;
  const MiB = 1 << 20;
  if (pixelBytes % MiB !== 0) throw new Error('the bomb is built from whole MiB of zeros');
  const built = buildInstance({
    ...opts,
    transferSyntax: DEFLATED_TS,
    noPixels: true,
    extra: { ...opts.extra, '00280008': ['IS', String(opts.frames)] },
  });
  const start = datasetStart(built.bytes);
  const pixelHeader = Buffer.alloc(12);
  pixelHeader.writeUInt16LE(0x7fe0, 0);
  pixelHeader.writeUInt16LE(0x0010, 2);
  pixelHeader.write('OB', 4, 'latin1');
  pixelHeader.writeUInt32LE(pixelBytes, 8);
  const sync = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const head = zlib.deflateRawSync(Buffer.concat([built.bytes.subarray(start), pixelHeader]), sync);
  const zeros = zlib.deflateRawSync(Buffer.alloc(MiB), sync);
  const segments = [
    head,
    ...Array.from({ length: pixelBytes / MiB }, () => zeros),
    zlib.deflateRawSync(Buffer.alloc(0)),
  ];
  return { ...built, bytes: Buffer.concat([built.bytes.subarray(0, start), ...segments]), pixelBytes };
}
