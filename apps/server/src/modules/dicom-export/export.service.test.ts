import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import type { CurrentUser } from '../../auth/current-user';
import { notFound } from '../../http/domain-error';
import type { ExamRecord } from '../exams/exams.service';
import { buildInstance } from '../../dicom/testing/build-dicom';
import { DicomExportService, EXPORT_STALE_MS } from './export.service';
import type { ExportInstanceRow, ExportRepository, ImageSetFingerprint } from './export.repository';

const EXAM_ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const user = { userId: 'u1', username: 'staff', displayName: 'Staff' } as CurrentUser;

function rowsFor(n: number): { rows: ExportInstanceRow[]; files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  const rows: ExportInstanceRow[] = [];
  for (let i = 1; i <= n; i++) {
    const inst = buildInstance({ studyUid: '1.2.3', seriesUid: '1.2.3.4', instanceNumber: i });
    files.set(`key-${i}`, inst.bytes);
    rows.push({
      studyId: 'st',
      studyInstanceUid: '1.2.3',
      patientId: 'P1',
      patientName: 'ทดสอบ^หนึ่ง',
      patientBirthDate: null,
      patientSex: null,
      accessionNumber: 'ACC9',
      studyDate: '20250101',
      studyTime: '1200',
      studyDescription: null,
      referringPhysicianName: null,
      studyIdAttribute: null,
      seriesId: 'se',
      seriesInstanceUid: '1.2.3.4',
      modality: 'OT',
      seriesNumber: 1,
      seriesDescription: null,
      sopInstanceUid: inst.sopUid,
      sopClassUid: '1.2.840.10008.5.1.4.1.1.7',
      transferSyntaxUid: '1.2.840.10008.1.2.1',
      instanceNumber: i,
      storageKey: `key-${i}`,
      sizeBytes: inst.bytes.length,
      cold: false,
    });
  }
  return { rows, files };
}

describe(DicomExportService.name, () => {
  let dir: string;
  let clock: Date;
  let exam: ExamRecord;
  let data: ReturnType<typeof rowsFor>;
  let preparations: number;
  let missing: Set<string>;
  let gate: Promise<void> | null;
  let sut: DicomExportService;

  const fingerprint = (): ImageSetFingerprint => ({
    count: data.rows.length,
    bytes: data.rows.reduce((n, r) => n + r.sizeBytes, 0),
    lastReceivedAt: 'x',
    cold: 0,
  });
  // The preparation runs in the background on real files: asked for until it is done (vi.waitFor's timeout, not a count).
  const waitReady = () =>
    vi.waitFor(
      async () => {
        const r = await sut.check(user, EXAM_ID);
        if (r.state !== 'ready') throw new Error(`the export is still ${r.state}`);
        return r.ready;
      },
      { timeout: 20_000, interval: 10 },
    );

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-export-'));
    clock = new Date('2025-03-01T03:00:00Z');
    exam = {
      id: EXAM_ID,
      accessionNumber: 'ACC 9/1',
      zipStatus: null,
      zipStatusUpdatedAt: null,
      patientId: null,
    } as unknown as ExamRecord;
    data = rowsFor(3);
    preparations = 0;
    missing = new Set();
    gate = null;
    const repo = {
      instancesOfExam: async () => {
        preparations += 1;
        if (gate) await gate;
        return data.rows;
      },
      fingerprint: async () => fingerprint(),
    } as unknown as ExportRepository;
    sut = new DicomExportService({
      repo,
      exams: {
        load: async (_u, id) => {
          if (id !== EXAM_ID) throw notFound();
          return exam;
        },
        recordEvent: async () => undefined,
      },
      openStored: async (row) =>
        missing.has(row.storageKey) ? null : Readable.from([data.files.get(row.storageKey)!]),
      dir,
      now: () => clock,
      log: pino({ level: 'silent' }),
    });
  });
  afterEach(async () => {
    await sut.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prepares once however many checks arrive together, then answers ready', async () => {
    let open!: () => void;
    gate = new Promise((res) => {
      open = res;
    });
    const answers = await Promise.all([1, 2, 3, 4].map(() => sut.check(user, EXAM_ID)));
    expect(answers.every((a) => a.state === 'preparing')).toBe(true);
    expect(answers[0]).toMatchObject({ state: 'preparing', total: 3 });
    open();
    const ready = await waitReady();
    expect(preparations).toBe(1);
    expect(ready).toMatchObject({
      examId: EXAM_ID,
      fileName: 'ACC_9_1.zip',
      instanceCount: 3,
      url: `/dicom/export/${EXAM_ID}`,
    });
    expect(Date.parse(ready.expiresAt) - Date.parse(ready.preparedAt)).toBe(EXPORT_STALE_MS);
    expect(fs.readdirSync(dir).sort()).toEqual([`${EXAM_ID}.json`, `${EXAM_ID}.zip`]);
    // Asked again, the same export: no second preparation.
    expect((await sut.check(user, EXAM_ID)).state).toBe('ready');
    expect(preparations).toBe(1);
    const file = await sut.download(user, EXAM_ID);
    expect(file.sizeBytes).toBe(fs.statSync(path.join(dir, `${EXAM_ID}.zip`)).size);
    file.stream.destroy();
  });

  it('is stale 15 minutes after it was prepared: the download is refused, the next check prepares it again, the sweep removes it', async () => {
    await sut.check(user, EXAM_ID);
    await waitReady();
    clock = new Date(clock.getTime() + EXPORT_STALE_MS - 1000);
    expect((await sut.check(user, EXAM_ID)).state).toBe('ready');
    clock = new Date(clock.getTime() + 1000);
    await expect(sut.download(user, EXAM_ID)).rejects.toMatchObject({ status: 404 });
    expect(await sut.sweep()).toBe(1);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect((await sut.check(user, EXAM_ID)).state).toBe('preparing');
    await waitReady();
    expect(preparations).toBe(2);
  });

  it('is made again when the exam gained an image or the archive touched it after it was prepared', async () => {
    await sut.check(user, EXAM_ID);
    await waitReady();
    data = rowsFor(4);
    expect((await sut.check(user, EXAM_ID)).state).toBe('preparing');
    expect((await waitReady()).instanceCount).toBe(4);
    exam = { ...exam, zipStatus: 'Uploaded', zipStatusUpdatedAt: new Date(clock.getTime() + 1) };
    clock = new Date(clock.getTime() + 2);
    expect((await sut.check(user, EXAM_ID)).state).toBe('preparing');
    await waitReady();
    expect(preparations).toBe(3);
  });

  it('reports a failed preparation once, with the reason, and leaves nothing behind', async () => {
    missing.add('key-2');
    await sut.check(user, EXAM_ID);
    const failure = await vi.waitFor(
      async () => {
        const answer = await sut.check(user, EXAM_ID).then(
          () => null,
          (err: unknown) => ({ err }),
        );
        if (!answer) throw new Error('the preparation has not failed yet');
        return answer.err;
      },
      { timeout: 20_000, interval: 10 },
    );
    expect(failure).toMatchObject({ status: 409, message: expect.stringContaining('ไม่พบไฟล์ภาพ') });
    expect(fs.readdirSync(dir)).toEqual([]);
    missing.clear();
    expect((await sut.check(user, EXAM_ID)).state).toBe('preparing');
    await waitReady();
  });

  it('refuses archived images and an exam without images, and a download never prepared', async () => {
    exam = { ...exam, zipStatus: 'Archive' };
    await expect(sut.check(user, EXAM_ID)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('Unzip'),
    });
    exam = { ...exam, zipStatus: null };
    data = rowsFor(0);
    await expect(sut.check(user, EXAM_ID)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('ยังไม่มีภาพ'),
    });
    await expect(sut.download(user, EXAM_ID)).rejects.toMatchObject({ status: 404 });
  });

  it('keeps the STD-GEN-CD export apart from the as-stored one, each with its own file name, and sweeps both', async () => {
    await sut.check(user, EXAM_ID, 'STD-GEN-CD');
    const cd = await vi.waitFor(
      async () => {
        const r = await sut.check(user, EXAM_ID, 'STD-GEN-CD');
        if (r.state !== 'ready') throw new Error(`the export is still ${r.state}`);
        return r.ready;
      },
      { timeout: 20_000, interval: 10 },
    );
    expect(cd).toMatchObject({
      profile: 'STD-GEN-CD',
      fileName: 'ACC_9_1-STD-GEN-CD.zip',
      instanceCount: 3,
      leftOutCount: 0,
    });
    expect(cd.url).toBe(`/dicom/export/${EXAM_ID}?profile=STD-GEN-CD`);
    // The as-stored export is not made by it, nor downloadable.
    await expect(sut.download(user, EXAM_ID)).rejects.toMatchObject({ status: 404 });
    expect((await sut.check(user, EXAM_ID)).state).toBe('preparing');
    expect((await waitReady()).fileName).toBe('ACC_9_1.zip');
    expect(fs.readdirSync(dir).sort()).toEqual(
      [`${EXAM_ID}.gen-cd.json`, `${EXAM_ID}.gen-cd.zip`, `${EXAM_ID}.json`, `${EXAM_ID}.zip`].sort(),
    );
    clock = new Date(clock.getTime() + EXPORT_STALE_MS);
    expect(await sut.sweep()).toBe(2);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('sweeps temporary files and orphan zips once nothing has written them for a while', async () => {
    fs.mkdirSync(dir, { recursive: true });
    const tmp = path.join(dir, `${EXAM_ID}.1.2.tmp`);
    fs.writeFileSync(tmp, 'partial');
    fs.writeFileSync(path.join(dir, 'not-an-export.txt'), 'keep');
    await sut.sweep();
    expect(fs.existsSync(tmp)).toBe(true);
    // A second past the limit: file times have sub-millisecond parts that Date.now() drops.
    clock = new Date(Date.now() + EXPORT_STALE_MS + 1000);
    await sut.sweep();
    expect(fs.readdirSync(dir)).toEqual(['not-an-export.txt']);
  });
});
