/**
 * Issue 23 item 5 over the network: images whose patient is not the exam's are held unmatched with the reason (the
 * staff's unmatched-images API), and only known calling AEs may store or query the worklist.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { exams } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import { testUid } from '../testing/build-dicom';
import { CORPUS_DIR } from '../testing/corpus';
import { callingAePolicy, storedDicomPeers } from './known-peers';
import { ModalityWorklist } from './mwl/worklist';
import { run } from './test/dcmtk';
import { findscuWorklist } from './test/findscu';
import { startListener, type Harness } from './test/harness';
import { createExamState } from '../../modules/exams/exam-state';

type Exam = typeof exams.$inferSelect;

describe('DICOM peers: patient check and calling AE allow-list', () => {
  let sut: TestContext;
  let h: Harness;
  let dir: string;
  let scheduled: Exam[];
  let cookie: string;

  /** A pydicom corpus CT with this exam's accession number, the given PatientID and a fresh study, series and instance. */
  function ctFor(accession: string, patientId: string, studyUid = testUid()): { file: string; studyUid: string } {
    const file = path.join(dir, `${testUid()}.dcm`);
    fs.copyFileSync(path.join(CORPUS_DIR, 'CT_small.dcm'), file);
    execFileSync('dcmodify', [
      '-nb',
      '-i',
      `(0008,0050)=${accession}`,
      '-i',
      `(0010,0020)=${patientId}`,
      '-i',
      `(0020,000D)=${studyUid}`,
      '-i',
      `(0020,000E)=${testUid()}`,
      '-i',
      `(0008,0018)=${testUid()}`,
      '-nmu',
      file,
    ]);
    return { file, studyUid };
  }
  const storescu = (callingAe: string, file: string) =>
    run('storescu', ['-aet', callingAe, '-aec', 'RANGSI', '127.0.0.1', String(h.listener.port), file]);
  const unmatched = async () => {
    const r = await sut.app.inject({ method: 'GET', url: '/api/dicom/unmatched?pageSize=100', headers: { cookie } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.rows as {
      studyInstanceUid: string;
      unmatchedReason: string | null;
      accessionNumber: string;
    }[];
  };
  const examRow = async (id: string) => (await sut.database.db.select().from(exams).where(eq(exams.id, id)))[0]!;

  beforeAll(async () => {
    sut = await createTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-dicom-peers-'));
    // The listener as main.ts builds it with the default settings on the demo data.
    const allowed = callingAePolicy({
      allowed: loadConfig({}).DICOM_ALLOWED_AE_TITLES,
      named: [],
      stored: await storedDicomPeers(sut.database.db),
    });
    h = await startListener({
      archive: sut.services.archive,
      worklist: new ModalityWorklist(sut.database.db, createExamState(sut.database.db)),
      allowedCallingAeTitles: allowed,
    });
    scheduled = await sut.database.db
      .select()
      .from(exams)
      .where(
        and(
          eq(exams.status, 'Scheduled'),
          eq(exams.hasImage, false),
          isNull(exams.deletedAt),
          isNotNull(exams.accessionNumber),
        ),
      )
      .limit(2);
    cookie = await sut.login('admin');
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await sut.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('by default only listed AEs may associate: the demo lists its modalities, an installation without any lists none', async () => {
    const demo = callingAePolicy({ allowed: [], named: [], stored: await storedDicomPeers(sut.database.db) });
    expect(demo).toContain('CT01');
    expect(callingAePolicy({ allowed: loadConfig({}).DICOM_ALLOWED_AE_TITLES, named: [], stored: [] })).toEqual([]);
    expect(
      callingAePolicy({
        allowed: loadConfig({ DICOM_ALLOWED_AE_TITLES: 'CR_X' }).DICOM_ALLOWED_AE_TITLES,
        named: ['WS1'],
        stored: [],
      }),
    ).toEqual(['CR_X', 'WS1']);
    expect(
      callingAePolicy({
        allowed: loadConfig({ DICOM_ALLOWED_AE_TITLES: '*' }).DICOM_ALLOWED_AE_TITLES,
        named: [],
        stored: [],
      }),
    ).toBe('any');
  });

  it('an unlisted AE is rejected for C-STORE and for the worklist; a listed one gets both', async () => {
    const exam = scheduled[0]!;
    const { file } = ctFor(exam.accessionNumber!, exam.hn);
    const refused = await storescu('ANYONE', file);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/Calling AE Title Not Recognized/i);
    const refusedFind = await findscuWorklist(h.listener.port, ['AccessionNumber', 'PatientID'], 'ANYONE');
    expect(refusedFind.answers).toEqual([]);
    expect(refusedFind.output).toMatch(/Calling AE Title Not Recognized/i);

    const found = await findscuWorklist(h.listener.port, ['AccessionNumber', 'PatientID'], 'CT01');
    expect(found.ok, found.output).toBe(true);
    expect(found.answers.length).toBeGreaterThan(0);
    const stored = await storescu('CT01', file);
    expect(stored.code, stored.stderr).toBe(0);
    expect((await examRow(exam.id)).hasImage).toBe(true);
  });

  it('images with the exam accession number but another PatientID are held unmatched with the reason, not attached', async () => {
    const exam = scheduled[1]!;
    const { file, studyUid } = ctFor(exam.accessionNumber!, `NOT-${exam.hn}`);
    const r = await storescu('CT01', file);
    expect(r.code, r.stderr).toBe(0); // kept (acknowledged), only not attached
    const after = await examRow(exam.id);
    expect(after).toMatchObject({ hasImage: false, status: 'Scheduled' });
    const row = (await unmatched()).find((s) => s.studyInstanceUid === studyUid);
    expect(row).toMatchObject({ accessionNumber: exam.accessionNumber, unmatchedReason: 'patient-id-mismatch' });
    // A later instance of that study naming the exam's patient does not pull the held images into the exam.
    expect((await storescu('CT01', ctFor(exam.accessionNumber!, exam.hn, studyUid).file)).code).toBe(0);
    expect((await examRow(exam.id)).hasImage).toBe(false);
    expect((await unmatched()).find((s) => s.studyInstanceUid === studyUid)?.unmatchedReason).toBe(
      'patient-id-mismatch',
    );

    // Its own patient's images (same accession) attach as before, and are not listed.
    const own = ctFor(exam.accessionNumber!, exam.hn);
    expect((await storescu('CT01', own.file)).code).toBe(0);
    expect((await examRow(exam.id)).hasImage).toBe(true);
    expect((await unmatched()).some((s) => s.studyInstanceUid === own.studyUid)).toBe(false);
  });
});
