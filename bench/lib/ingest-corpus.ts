import fs from 'node:fs';
import path from 'node:path';
import { buildInstance, CT_IMAGE_STORAGE, type Elements } from '../../apps/server/src/dicom/testing/build-dicom';

export interface IngestCorpus {
  /** One folder per sender (the parallel mode sends each with its own storescu); the serial mode sends their parent. */
  groups: string[];
  root: string;
  instances: number;
  bytes: number;
  studies: number;
}

const EXPLICIT_LE = '1.2.840.10008.1.2.1';

/**
 * CT instances of several studies and series, sized like the reference batch (2,000 instances, ~79 MB:
 * 140×140 16-bit slices), with the geometry and rescale tags a scanner writes. Studies are dealt round-robin to the
 * groups so that each parallel sender carries whole studies.
 */
export function writeIngestCorpus(
  root: string,
  opts: { instances: number; studies: number; seriesPerStudy: number; groups: number; size: number },
): IngestCorpus {
  fs.mkdirSync(root, { recursive: true });
  const groups = Array.from({ length: opts.groups }, (_, i) => path.join(root, `sender-${i + 1}`));
  for (const g of groups) fs.mkdirSync(g, { recursive: true });
  const perSeries = Math.ceil(opts.instances / (opts.studies * opts.seriesPerStudy));
  const pixels = phantomSlice(opts.size);
  let written = 0;
  let bytes = 0;
  for (let s = 0; s < opts.studies && written < opts.instances; s += 1) {
    const studyUid = `2.25.9${Date.now()}${s}`;
    const dir = groups[s % groups.length]!;
    for (let se = 0; se < opts.seriesPerStudy && written < opts.instances; se += 1) {
      const seriesUid = `${studyUid}.${se + 1}`;
      for (let i = 0; i < perSeries && written < opts.instances; i += 1) {
        const z = -i * 1.25;
        const extra: Elements = {
          '00080008': ['CS', 'ORIGINAL\\PRIMARY\\AXIAL'],
          '00180050': ['DS', '1.25'],
          '00200032': ['DS', `-87.5\\-87.5\\${z.toFixed(2)}`],
          '00201041': ['DS', z.toFixed(2)],
          '00280030': ['DS', '1.25\\1.25'],
          '00281050': ['DS', '40'],
          '00281051': ['DS', '80'],
          '00281052': ['DS', '-1024'],
          '00281053': ['DS', '1'],
          '00280100': ['US', [16]],
          '00280101': ['US', [12]],
          '00280102': ['US', [11]],
          '7FE00010': ['OW', pixels],
        };
        const { bytes: b } = buildInstance({
          studyUid,
          seriesUid,
          sopUid: `${seriesUid}.${i + 1}`,
          sopClassUid: CT_IMAGE_STORAGE,
          transferSyntax: EXPLICIT_LE,
          patientName: `BENCH^PATIENT${s + 1}`,
          patientId: `BENCH-${s + 1}`,
          accessionNumber: `BENCH${s + 1}`,
          modality: 'CT',
          seriesNumber: se + 1,
          instanceNumber: i + 1,
          imageOrientationPatient: '1\\0\\0\\0\\1\\0',
          rows: opts.size,
          columns: opts.size,
          extra,
        });
        fs.writeFileSync(path.join(dir, `s${s + 1}-se${se + 1}-${String(i + 1).padStart(4, '0')}.dcm`), b);
        written += 1;
        bytes += b.length;
      }
    }
  }
  return { groups, root, instances: written, bytes, studies: opts.studies };
}

/** A disc of water in air with a bright ring, as 16-bit little-endian stored values (HU + 1024). */
function phantomSlice(size: number): Uint8Array {
  const out = Buffer.alloc(size * size * 2);
  const c = (size - 1) / 2;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const r = Math.hypot(x - c, y - c) / (size / 2);
      const hu = r > 0.9 ? -1000 : r > 0.8 ? 700 : 30 + ((x * 7 + y * 13) % 20);
      out.writeUInt16LE(hu + 1024, (y * size + x) * 2);
    }
  }
  return out;
}
