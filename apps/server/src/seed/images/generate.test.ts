import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readInstance } from '../../dicom/parse/read-instance';
import { decodeFrame, parseBytes, type Frame } from '../../dicom/thumbnails/decode-frame';
import {
  generateCt,
  generateStudy,
  GENERATED_MODALITIES,
  SOP_CLASS,
  type GeneratedInstance,
  type StudyOptions,
} from './index';
import { CT_HU } from './ct';
import { GeneratorWorker } from './generate-in-worker';
import { Tissue } from './shepp-logan';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-generate-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const THAI = 'ใจดี^สมชาย^^นาย';
const base: StudyOptions = {
  patient: { name: `JAIDEE^SOMCHAI^^MR=${THAI}`, id: 'HN0000001', birthDate: '19800115', sex: 'M' },
  study: {
    studyInstanceUid: '2.25.1000000000000000001',
    accessionNumber: 'RS12611220001',
    date: '20261122',
    time: '101500',
    description: 'CT Brain (ซีทีสมอง)',
    institutionName: 'Rangsi Imaging',
  },
  // Small sizes: the same code paths as the demo's, a fraction of the time.
  ct: { slices: 6, size: 96 },
  mr: { size: 64, axialSlices: 3, sagittalSlices: 2 },
  radiograph: { size: 256 },
  us: { stills: 1, cineFrames: 3 },
  mg: { columns: 192 },
};
const EXPECTED_SOP: Record<string, string[]> = {
  CT: [SOP_CLASS.ct],
  MR: [SOP_CLASS.mr],
  CR: [SOP_CLASS.cr],
  DX: [SOP_CLASS.dxPresentation],
  US: [SOP_CLASS.us, SOP_CLASS.usMultiframe],
  MG: [SOP_CLASS.mgPresentation],
};

function write(inst: GeneratedInstance, name: string): string {
  const file = path.join(tmp, `${name}-${inst.instanceNumber}-${inst.sopInstanceUid.slice(-8)}.dcm`);
  fs.writeFileSync(file, inst.bytes);
  return file;
}

const pixelAt = (frame: Frame, x: number, y: number) =>
  frame.kind === 'grey' ? frame.values[y * frame.width + x]! : NaN;

describe('generated DICOM', () => {
  describe.each(GENERATED_MODALITIES)('%s', (modality) => {
    const instances = [...generateStudy(modality, { ...base, syntax: 'explicit-le' })];
    const rle = modality === 'US' ? [] : [...generateStudy(modality, { ...base, syntax: 'rle' })];

    it('reads with our reader: SOP class, modality, accession, UTF-8 Thai name, image size', async () => {
      expect(instances.length).toBeGreaterThan(0);
      for (const inst of instances) {
        const r = await readInstance(write(inst, modality));
        if (!r.ok) throw new Error(r.reason);
        expect(EXPECTED_SOP[modality]).toContain(r.info.sopClassUid);
        expect(r.info).toMatchObject({
          modality,
          accessionNumber: 'RS12611220001',
          studyInstanceUid: base.study.studyInstanceUid,
          patientName: base.patient.name,
          patientId: 'HN0000001',
          studyDescription: 'CT Brain (ซีทีสมอง)',
          sopInstanceUid: inst.sopInstanceUid,
        });
        expect(r.info.rows).toBeGreaterThan(0);
      }
      expect(new Set(instances.map((i) => i.sopInstanceUid)).size).toBe(instances.length);
    });

    it('is deterministic: the same study gives the same bytes', () => {
      const again = [...generateStudy(modality, { ...base, syntax: 'explicit-le' })];
      expect(again.map((i) => i.bytes.equals(instances[again.indexOf(i)]!.bytes))).toEqual(again.map(() => true));
    });

    // Ultrasound is generated native only (no RLE study above): the comparison exists for the other modalities.
    if (modality !== 'US')
      it('decodes RLE to the same pixels as the native file', async () => {
        expect(rle.length).toBe(instances.length);
        for (const [i, inst] of rle.entries()) {
          const a = await decodeFrame(parseBytes(inst.bytes));
          const b = await decodeFrame(parseBytes(instances[i]!.bytes));
          expect(
            a.kind === 'grey' && b.kind === 'grey' && Buffer.from(a.values.buffer).equals(Buffer.from(b.values.buffer)),
          ).toBe(true);
        }
      });

    // dcmtk is a test dependency (.ci/run installs it): without dcmdump this fails, saying so.
    it('dcmdump reads every file without an error', () => {
      for (const inst of [...instances, ...rle]) {
        const file = write(inst, `${modality}-dump`);
        const r = spawnSync('dcmdump', [file], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
        if (r.error) throw new Error(`cannot run dcmdump (${r.error.message}): install dcmtk, as .ci/run does`);
        expect(r.status, r.stderr).toBe(0);
        expect(r.stderr).toBe('');
      }
    });

    // dciodvfy (Debian dicom3tools, installed by .ci/run) checks each IOD against the standard's modules: a second
    // referee beside dcmdump and our own reader. Missing, it fails the run (issue 25 item 8: no silent skips).
    it('dciodvfy finds no error in the IOD (dicom3tools)', () => {
      for (const inst of [...instances.slice(0, 2), ...instances.slice(-1), ...rle.slice(0, 1)]) {
        const file = write(inst, `${modality}-vfy`);
        const r = spawnSync('dciodvfy', [file], { encoding: 'utf8' });
        if (r.error) throw new Error(`cannot run dciodvfy (${r.error.message}): install dicom3tools, as .ci/run does`);
        const errors = `${r.stdout}\n${r.stderr}`.split('\n').filter((l) => l.startsWith('Error'));
        expect(errors, file).toEqual([]);
      }
    });
  });

  it('makes the same bytes on a worker thread', async () => {
    const worker = await GeneratorWorker.start();
    expect(worker).not.toBeNull();
    try {
      const fromWorker: Buffer[] = [];
      for await (const bytes of worker!.study('MR', { ...base, syntax: 'rle' })) fromWorker.push(bytes);
      const here = [...generateStudy('MR', { ...base, syntax: 'rle' })].map((i) => i.bytes);
      expect(fromWorker.length).toBe(here.length);
      expect(fromWorker.every((b, i) => b.equals(here[i]!))).toBe(true);
    } finally {
      await worker?.close();
    }
  });

  describe('the head CT phantom', () => {
    it('has as many slices and pixels as asked, a localizer first, and HU from the rescale', async () => {
      const series = [...generateCt({ ...base, slices: 100, size: 32, localizer: true })];
      expect(series.length).toBe(101);
      const r = await readInstance(write(series[50]!, 'ct100'));
      if (!r.ok) throw new Error(r.reason);
      expect([r.info.rows, r.info.columns, r.info.instanceNumber]).toEqual([32, 32, 50]);
      expect(r.info.metadata['00280030']).toEqual({ vr: 'DS', Value: [7.8125, 7.8125] });
      expect(r.info.metadata['00180050']).toEqual({ vr: 'DS', Value: [1.5] });
      const positions = await Promise.all(
        series.slice(1, 4).map(async (s) => {
          const x = await readInstance(write(s, 'ctpos'));
          return x.ok ? (x.info.metadata['00200032'] as { Value: number[] }).Value[2] : NaN;
        }),
      );
      expect(positions).toEqual([-74.25, -72.75, -71.25]);
    });

    it('shows a bright skull ring, darker ventricles and brain-grey parenchyma on a middle slice', async () => {
      const size = 256;
      const [slice] = [...generateCt({ ...base, slices: 1, size, localizer: false })];
      const frame = await decodeFrame(parseBytes(slice!.bytes), size);
      if (frame.kind !== 'grey') throw new Error('expected grey');
      expect(frame.window).toEqual({ center: 40, width: 80 });
      const mm = 250 / size;
      const at = (xMm: number, yMm: number) =>
        pixelAt(frame, Math.round(xMm / mm + (size - 1) / 2), Math.round(yMm / mm + (size - 1) / 2));
      const mean = (xMm: number, yMm: number, r = 3) => {
        let sum = 0;
        let n = 0;
        for (let dy = -r; dy <= r; dy++)
          for (let dx = -r; dx <= r; dx++) {
            sum += at(xMm + dx * mm, yMm + dy * mm);
            n++;
          }
        return sum / n;
      };
      expect(at(0, 0 - 120)).toBeLessThan(-900); // air in front of the head
      // The skull, along the horizontal line through the centre, on both sides.
      const ring = (sign: number) => Math.max(...Array.from({ length: 12 }, (_, k) => at(sign * (63 + k * 0.7), 0)));
      expect(ring(1)).toBeGreaterThan(500);
      expect(ring(-1)).toBeGreaterThan(500);
      const brain = mean(0, 40);
      expect(brain).toBeGreaterThan(CT_HU[Tissue.WhiteMatter] - 6);
      expect(brain).toBeLessThan(CT_HU[Tissue.Cortex] + 6);
      // Both ventricles (x ±22 mm), clearly darker than the brain around them.
      expect(mean(22, 0)).toBeLessThan(brain - 12);
      expect(mean(-22, 0)).toBeLessThan(brain - 12);
      // Outside the reconstruction circle: padding far below air.
      expect(pixelAt(frame, 0, 0)).toBeLessThan(-2000);
    });
  });
});
