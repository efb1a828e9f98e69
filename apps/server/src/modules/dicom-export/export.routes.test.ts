import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { dicomInstances, dicomSeries, dicomStudies, examEvents, exams, users } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import { buildInstance, copyTemp, writeTemp } from '../../dicom/testing/build-dicom';
import { corpusPath } from '../../dicom/testing/corpus';
import { EXPORT_STALE_MS } from './export.service';
import { dcmdumpDicomdir, pydicomFileSet, walkDicomdir } from './testing/read-dicomdir';
import { unzip } from './testing/read-zip';

const exec = promisify(execFile);

describe('DICOM export: GET /dicom/export/{examId}/check and GET /dicom/export/{examId}', () => {
  let clock = new Date();
  let sut: TestContext;
  let exam: typeof exams.$inferSelect;
  let empty: typeof exams.$inferSelect;
  const stored = new Map<string, Buffer>();
  const cookies: Record<string, string> = {};
  const as = async (username: string) => (cookies[username] ??= await sut.login(username));
  const get = async (url: string, username?: string) =>
    sut.app.inject({ url, headers: username ? { cookie: await as(username) } : {} });
  // Asked until it is ready (vi.waitFor's timeout, not a count of tries); only "still preparing, with something to
  // prepare" waits: any other answer ends the wait and is checked at once.
  const checkUntilReady = async (examId: string, username = 'staff', query = '') => {
    const res = await vi.waitFor(
      async () => {
        const answer = await get(`/dicom/export/${examId}/check${query}`, query ? undefined : username);
        const body = answer.statusCode === 200 ? answer.json() : null;
        if (body?.success === true && !body.data && body.progress?.total > 0)
          throw new Error(`the export is still being prepared: ${answer.body}`);
        return answer;
      },
      { timeout: 20_000, interval: 25 },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success, res.body).toBe(true);
    expect(body.data, res.body).toBeTruthy();
    return body.data as { fileName: string; url: string; instanceCount: number; sizeBytes: number };
  };

  beforeAll(async () => {
    sut = await createTestApp({ now: () => clock });
    const [staff] = await sut.database.db.select().from(users).where(eq(users.username, 'staff'));
    const [hospital] = await sut.database.db.select().from(users).where(eq(users.username, 'hospital'));
    // An exam of the staff user's branch for the hospital user's hospital (the Link user's too), without images yet.
    [exam, empty] = (await sut.database.db
      .select()
      .from(exams)
      .where(
        and(
          eq(exams.branchId, staff!.branchId!),
          eq(exams.hospitalId, hospital!.hospitalId!),
          eq(exams.hasImage, false),
          isNull(exams.deletedAt),
          sql`${exams.accessionNumber} is not null`,
        ),
      )
      .limit(2)) as [typeof exams.$inferSelect, typeof exams.$inferSelect];

    const ingest = async (file: string, bytes: Buffer) => {
      const r = await sut.services.archive.ingestFile(file, { source: 'TEST', examId: exam.id });
      if (r.status === 'stored') stored.set(r.sopInstanceUid, bytes);
      return r;
    };
    // A study with a Thai name in UTF-8 and two series, as a modality would send it.
    const first = buildInstance({
      charset: 'ISO_IR 192',
      patientName: Buffer.from('ใจดี^สมหญิง', 'utf8'),
      patientId: 'HN-77',
      modality: 'CT',
      accessionNumber: exam.accessionNumber!,
      instanceNumber: 1,
    });
    expect((await ingest(writeTemp(first.bytes), first.bytes)).status).toBe('stored');
    for (const [n, seriesUid] of [
      [2, first.seriesUid],
      [1, undefined],
      [2, undefined],
    ] as const) {
      const more = buildInstance({
        studyUid: first.studyUid,
        seriesUid,
        seriesNumber: seriesUid ? 1 : 2,
        charset: 'ISO_IR 192',
        patientName: Buffer.from('ใจดี^สมหญิง', 'utf8'),
        patientId: 'HN-77',
        modality: 'CT',
        instanceNumber: n,
      });
      expect((await ingest(writeTemp(more.bytes), more.bytes)).status).toBe('stored');
    }
    // Real files from the pydicom corpus in other syntaxes (explicit LE, JPEG 2000, RLE) and an SR.
    for (const f of ['CT_small.dcm', 'JPEG2000.dcm', 'MR_small_RLE.dcm', 'test-SR.dcm'])
      await ingest(copyTemp(corpusPath(f)), fs.readFileSync(corpusPath(f)));
  });
  afterAll(async () => {
    await sut.close();
  });

  it('prepares a zip with a DICOMDIR that dcmdump reads and whose records reference every instance, then streams it', async () => {
    const first = await get(`/dicom/export/${exam.id}/check`, 'staff');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, data: null, progress: { total: stored.size } });
    // Nothing to download while it is being prepared.
    const early = await get(`/dicom/export/${exam.id}`, 'staff');
    expect([200, 409]).toContain(early.statusCode);

    const ready = await checkUntilReady(exam.id);
    expect(ready).toMatchObject({
      instanceCount: stored.size,
      url: `/dicom/export/${exam.id}`,
      fileName: `${exam.accessionNumber!.replace(/[^A-Za-z0-9._-]+/g, '_')}.zip`,
    });

    const res = await get(ready.url, 'staff');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${ready.fileName}"`);
    expect(res.rawPayload.length).toBe(ready.sizeBytes);
    const entries = await unzip(res.rawPayload);
    const names = [...entries.keys()];
    // The DICOMDIR goes last, once every instance is written; nothing is left out of an as-stored export.
    expect(names.at(-1)).toBe('DICOMDIR');
    expect(
      names.slice(0, -1).every((n) => /^DICOM(\/[A-Z0-9_]{1,8}){3}$/.test(n)),
      names.join(' '),
    ).toBe(true);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-export-zip-'));
    try {
      for (const [name, bytes] of entries) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        fs.writeFileSync(path.join(dir, name), bytes);
      }
      const dump = await dcmdumpDicomdir(path.join(dir, 'DICOMDIR'));
      const leaves = walkDicomdir(dump);
      // Every instance of the exam, once, each record naming the file that holds it, byte for byte as stored.
      const rows = await sut.database.db
        .select({ sop: dicomInstances.sopInstanceUid })
        .from(dicomInstances)
        .innerJoin(dicomSeries, eq(dicomSeries.id, dicomInstances.seriesId))
        .innerJoin(dicomStudies, eq(dicomStudies.id, dicomSeries.studyId))
        .where(eq(dicomStudies.examId, exam.id));
      expect(leaves.map((l) => l.sopInstanceUid).sort()).toEqual(rows.map((r) => r.sop).sort());
      expect(new Set(leaves.map((l) => l.fileId!.replaceAll('\\', '/')))).toEqual(new Set(names.slice(0, -1)));
      for (const leaf of leaves)
        expect(entries.get(leaf.fileId!.replaceAll('\\', '/'))!.equals(stored.get(leaf.sopInstanceUid!)!)).toBe(true);
      expect(dump.text).toContain('ใจดี^สมหญิง');
      expect(leaves.map((l) => l.transferSyntax)).toEqual(expect.arrayContaining(['=JPEG2000', '=RLELossless']));
      expect(dump.records.map((r) => r.type)).toContain('SR DOCUMENT');
      // dcmdump reads a referenced file too.
      const one = leaves[0]!;
      const { stdout } = await exec('dcmdump', ['+P', '0008,0018', path.join(dir, ...one.fileId!.split('\\'))]);
      expect(stdout).toContain(one.sopInstanceUid!);
      const set = await pydicomFileSet(dir);
      expect(set.map((i) => i.sopInstanceUid).sort()).toEqual(rows.map((r) => r.sop).sort());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const log = await sut.database.db
      .select()
      .from(examEvents)
      .where(and(eq(examEvents.examId, exam.id), eq(examEvents.action, 'dicomExported')));
    expect(log).toHaveLength(1);
  });

  it('keeps the data scope: another hospital, an unknown exam and a bad id are refused, never a 500', async () => {
    const [hospital] = await sut.database.db.select().from(users).where(eq(users.username, 'hospital'));
    const [foreign] = await sut.database.db
      .select()
      .from(exams)
      .where(and(or(ne(exams.hospitalId, hospital!.hospitalId!), isNull(exams.hospitalId)), isNull(exams.deletedAt)))
      .limit(1);
    for (const url of [`/dicom/export/${foreign!.id}/check`, `/dicom/export/${foreign!.id}`]) {
      const res = await get(url, 'hospital');
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
    // The hospital user and the Link user (REQUEST_EXPORT, no EXAM_DICOM) export their own hospital's exam.
    expect((await checkUntilReady(exam.id, 'hospital')).instanceCount).toBe(stored.size);
    expect((await get(`/dicom/export/${exam.id}/check`, 'link')).statusCode).toBe(200);
    expect((await get(`/dicom/export/${exam.id}`, 'link')).statusCode).toBe(200);
    // Billing has neither right.
    expect((await get(`/dicom/export/${exam.id}/check`, 'billing')).statusCode).toBe(403);
    expect((await get(`/dicom/export/${exam.id}/check`)).statusCode).toBe(401);
    for (const bad of ['not-a-uuid', '..%2F..%2Fetc%2Fpasswd', `${exam.id}x`, "1'%20or%201=1"]) {
      expect((await get(`/dicom/export/${bad}/check`, 'staff')).statusCode, bad).toBe(400);
      expect((await get(`/dicom/export/${bad}`, 'staff')).statusCode, bad).toBe(400);
    }
    expect((await get('/dicom/export/00000000-0000-4000-8000-000000000000/check', 'staff')).statusCode).toBe(404);
  });

  it('opens with an export token (the CD helper), only for its exam; a viewer token does not open it', async () => {
    const mint = async (purpose?: string) =>
      (
        await sut.app.inject({
          method: 'POST',
          url: `/api/exam/${exam.id}/token`,
          headers: { cookie: await as('staff') },
          payload: purpose ? { purpose } : {},
        })
      ).json().data.token as string;
    const token = await mint('export');
    expect((await checkUntilReady(exam.id, 'staff', `?token=${token}`)).instanceCount).toBe(stored.size);
    expect((await get(`/dicom/export/${exam.id}?token=${token}`)).statusCode).toBe(200);
    expect((await get(`/dicom/export/${empty.id}/check?token=${token}`)).statusCode).toBe(404);
    // The export token is the CD helper's: it reads no image through DICOMweb, and the viewer's token no export.
    expect((await get(`/api/exam/${exam.id}/series?token=${token}`)).statusCode).toBe(403);
    expect((await get(`/dicom/export/${exam.id}?token=${await mint()}`)).statusCode).toBe(403);
  });

  it('says why there is nothing to export: no images, archived images', async () => {
    const none = await get(`/dicom/export/${empty.id}/check`, 'staff');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ success: false, message: expect.stringContaining('ยังไม่มีภาพ') });
    expect((await get(`/dicom/export/${empty.id}`, 'staff')).statusCode).toBe(404);
    await sut.database.db
      .update(exams)
      .set({ zipStatus: 'Archive', zipStatusUpdatedAt: clock })
      .where(eq(exams.id, exam.id));
    try {
      const archived = await get(`/dicom/export/${exam.id}/check`, 'staff');
      expect(archived.statusCode).toBe(409);
      expect(archived.json().message).toContain('Unzip');
    } finally {
      await sut.database.db
        .update(exams)
        .set({ zipStatus: null, zipStatusUpdatedAt: null })
        .where(eq(exams.id, exam.id));
    }
  });

  it('goes stale 15 minutes after it was prepared', async () => {
    await checkUntilReady(exam.id);
    expect((await get(`/dicom/export/${exam.id}`, 'staff')).statusCode).toBe(200);
    clock = new Date(clock.getTime() + EXPORT_STALE_MS);
    const stale = await get(`/dicom/export/${exam.id}`, 'staff');
    expect(stale.statusCode).toBe(404);
    expect(stale.json().success).toBe(false);
    const again = await get(`/dicom/export/${exam.id}/check`, 'staff');
    expect(again.json()).toMatchObject({ success: true, data: null });
    await checkUntilReady(exam.id);
  });
});
