import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { unzip } from '../dicom-export/testing/read-zip';
import { AuditService } from '../../audit/audit.service';
import { auditLog, dicomStudies, exams, patients, users } from '../../db/schema/index';
import { buildInstance, testUid } from '../../dicom/testing/build-dicom';
import { multipartParts } from '../../dicom/testing/multipart';
import { ArchiveFind } from '../../dicom/dimse/qr/archive-find';
import { ArchiveGet } from '../../dicom/dimse/qr/archive-get';
import { run } from '../../dicom/dimse/test/dcmtk';
import { findscuPatientRoot, findscuStudyRoot } from '../../dicom/dimse/test/findscu';
import { pixelDataOf } from '../../dicom/dimse/test/archive-fixture';
import { startListener, type Harness } from '../../dicom/dimse/test/harness';
import { receivedFiles, startStoreScp, type StoreScp } from '../../dicom/dimse/test/storescp';
import { createTestApp, type TestContext } from '../../test/test-app';

type DicomJsonList = Record<string, { Value?: unknown[] }>[];

const WORKSTATION = 'READING_WS';
const MODALITY_ID = 'MOD-PID-77';
const MODALITY_ACCESSION = 'MOD-ACC-77';

/** dcmdump's top-level values by tag ("0010,0020"), padding trimmed; +U8 so Thai reads as Thai. */
async function dumpValues(file: string): Promise<Map<string, string>> {
  const r = await run('dcmdump', ['+U8', '+L', '-q', file]);
  expect(r.code, r.stderr).toBe(0);
  const values = new Map<string, string>();
  for (const line of r.stdout.split('\n')) {
    const m = /^\(([0-9a-f]{4},[0-9a-f]{4})\) [A-Z]{2} (?:\[(.*?)\]|\(no value available\))/.exec(line);
    if (m) values.set(m[1]!, (m[2] ?? '').trimEnd());
  }
  return values;
}

describe('identity reconciliation: a matched study answers and leaves with the exam’s patient and accession', () => {
  let sut: TestContext;
  let h: Harness;
  let dest: StoreScp;
  let exam: typeof exams.$inferSelect;
  let hn: string;
  let dir: string;
  const study = testUid();
  const series = testUid();
  /** What the modality sent, by SOP Instance UID. */
  const sent = new Map<string, Buffer>();
  const cookies: Record<string, string> = {};
  const as = async (username: string) => (cookies[username] ??= await sut.login(username));
  const get = async (url: string, username: string, accept?: string) =>
    sut.app.inject({ url, headers: { cookie: await as(username), ...(accept ? { accept } : {}) } });
  const write = (name: string, bytes: Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return file;
  };

  beforeAll(async () => {
    sut = await createTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-reconcile-'));
    const db = sut.database.db;
    const [staff] = await db.select().from(users).where(eq(users.username, 'staff'));
    [exam] = (await db
      .select()
      .from(exams)
      .where(
        and(
          eq(exams.branchId, staff!.branchId!),
          eq(exams.hasImage, false),
          isNull(exams.deletedAt),
          isNotNull(exams.patientId),
          isNotNull(exams.accessionNumber),
          isNotNull(exams.issuerOfPatientId),
        ),
      )
      .limit(1)) as [typeof exams.$inferSelect];
    const [patient] = await db.select().from(patients).where(eq(patients.id, exam.patientId!));
    hn = patient!.hn;
    expect(hn).not.toBe(MODALITY_ID);
    for (let i = 1; i <= 2; i++) {
      const b = buildInstance({
        studyUid: study,
        seriesUid: series,
        instanceNumber: i,
        modality: 'CT',
        patientId: MODALITY_ID,
        patientName: 'MODALITY^NAME',
        accessionNumber: MODALITY_ACCESSION,
        extra: { '00100021': ['LO', 'MOD-ISSUER'] },
        rows: 64,
        columns: 64,
      });
      const r = await sut.services.archive.ingestBytes(b.bytes, { source: 'CT_RS1' });
      expect(r.status).toBe('stored');
      sent.set(b.sopUid, b.bytes);
    }
    dest = await startStoreScp('VIEWER_1', path.join(dir, 'viewer-1'), ['+B']);
    h = await startListener({
      query: new ArchiveFind(db, new AuditService(db)),
      retrieve: new ArchiveGet(db, sut.services.archive, new AuditService(db)),
      queryAeTitles: [WORKSTATION],
      moveDestinations: [{ aeTitle: 'VIEWER_1', host: '127.0.0.1', port: dest.port }],
    });

    const [row] = await db.select().from(dicomStudies).where(eq(dicomStudies.studyInstanceUid, study));
    const matched = await sut.app.inject({
      method: 'POST',
      url: `/api/dicom/unmatched/${row!.id}/match`,
      payload: { examId: exam.id },
      headers: { cookie: await as('staff') },
    });
    expect(matched.statusCode, matched.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await dest?.stop();
    await sut?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('C-FIND by the exam’s HN finds the study with the exam’s accession number; the modality’s ID finds nothing', async () => {
    const byHn = await findscuStudyRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=STUDY',
      `PatientID=${hn}`,
      'StudyInstanceUID',
      'AccessionNumber',
    ]);
    expect(byHn.ok, byHn.output).toBe(true);
    const answer = byHn.answers.find((a) => a.top.get('0020,000d') === study);
    expect(answer?.top.get('0008,0050')).toBe(exam.accessionNumber);
    const byModality = await findscuStudyRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=STUDY',
      `PatientID=${MODALITY_ID}`,
      'StudyInstanceUID',
    ]);
    expect(byModality.ok, byModality.output).toBe(true);
    expect(byModality.answers).toEqual([]);
    const patientLevel = await findscuPatientRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=PATIENT',
      `PatientID=${hn}`,
      'NumberOfPatientRelatedStudies',
    ]);
    expect(patientLevel.answers.map((a) => a.top.get('0010,0020'))).toEqual([hn]);
  });

  it('getscu receives files with the exam’s HN and accession, pixel data as the modality sent it', async () => {
    const out = fs.mkdtempSync(path.join(dir, 'get-'));
    const r = await run('getscu', [
      '-S',
      '-aet',
      WORKSTATION,
      '-aec',
      'RANGSI',
      '+B',
      '-od',
      out,
      '-k',
      'QueryRetrieveLevel=STUDY',
      '-k',
      `StudyInstanceUID=${study}`,
      '127.0.0.1',
      String(h.listener.port),
    ]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const names = fs.readdirSync(out);
    expect(names).toHaveLength(sent.size);
    for (const name of names) {
      const file = path.join(out, name);
      const values = await dumpValues(file);
      expect(values.get('0010,0020')).toBe(hn);
      expect(values.get('0010,0021')).toBe(exam.issuerOfPatientId);
      expect(values.get('0008,0050')).toBe(exam.accessionNumber);
      const sop = values.get('0008,0018')!;
      expect(pixelDataOf(fs.readFileSync(file)).equals(pixelDataOf(sent.get(sop)!))).toBe(true);
    }
  });

  it('movescu sends the destination files with the exam’s HN and accession, pixel data unchanged', async () => {
    const r = await run('movescu', [
      '-S',
      '-aet',
      WORKSTATION,
      '-aec',
      'RANGSI',
      '-aem',
      'VIEWER_1',
      '-k',
      'QueryRetrieveLevel=STUDY',
      '-k',
      `StudyInstanceUID=${study}`,
      '127.0.0.1',
      String(h.listener.port),
    ]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const files = receivedFiles(dest.dir);
    expect([...files.keys()].sort()).toEqual([...sent.keys()].sort());
    for (const [sop, bytes] of files) {
      const values = await dumpValues(write(`move-${sop}.dcm`, bytes));
      expect(values.get('0010,0020')).toBe(hn);
      expect(values.get('0008,0050')).toBe(exam.accessionNumber);
      expect(pixelDataOf(bytes).equals(pixelDataOf(sent.get(sop)!))).toBe(true);
    }
  });

  it('WADO-RS instance, WADO-URI, metadata and the Weasis manifest answer the exam’s HN; QIDO finds the study by HN', async () => {
    const [sop, original] = [...sent.entries()][0]!;
    const base = `/dicomweb/studies/${study}/series/${series}/instances/${sop}`;
    const single = await get(base, 'staff', 'application/dicom');
    expect(single.statusCode, single.body).toBe(200);
    expect(Number(single.headers['content-length'])).toBe(single.rawPayload.length);
    const values = await dumpValues(write('wado-rs.dcm', single.rawPayload));
    expect(values.get('0010,0020')).toBe(hn);
    expect(values.get('0008,0050')).toBe(exam.accessionNumber);
    expect(pixelDataOf(single.rawPayload).equals(pixelDataOf(original))).toBe(true);

    const whole = await get(`/dicomweb/studies/${study}`, 'staff', 'multipart/related; type="application/dicom"');
    expect(whole.statusCode).toBe(200);
    const parts = multipartParts(whole.rawPayload, String(whole.headers['content-type']));
    expect(parts).toHaveLength(sent.size);
    for (const [i, part] of parts.entries()) {
      const partValues = await dumpValues(write(`wado-part-${i}.dcm`, part.body));
      expect(partValues.get('0010,0020')).toBe(hn);
      expect(partValues.get('0008,0050')).toBe(exam.accessionNumber);
    }

    const uri = await get(
      `/dicomweb/wado?requestType=WADO&studyUID=${study}&seriesUID=${series}&objectUID=${sop}&contentType=application/dicom`,
      'staff',
    );
    expect(uri.statusCode, uri.body).toBe(200);
    expect((await dumpValues(write('wado-uri.dcm', uri.rawPayload))).get('0010,0020')).toBe(hn);

    const metadata = await get(`/dicomweb/studies/${study}/metadata`, 'staff', 'application/dicom+json');
    expect(metadata.statusCode).toBe(200);
    for (const instance of metadata.json<DicomJsonList>()) {
      expect(instance['00100020']?.Value).toEqual([hn]);
      expect(instance['00080050']?.Value).toEqual([exam.accessionNumber]);
    }
    const weasis = await get(`/weasis/${exam.id}`, 'staff');
    expect(weasis.statusCode).toBe(200);
    const patientTag = /<Patient [^>]*>/.exec(weasis.body)?.[0] ?? '';
    expect(patientTag).toContain(`PatientID="${hn}"`);
    expect(patientTag).toContain(`IssuerOfPatientID="${exam.issuerOfPatientId}"`);
    const qido = await get(`/dicomweb/studies?PatientID=${encodeURIComponent(hn)}`, 'staff', 'application/dicom+json');
    const uids = qido.json<DicomJsonList>().map((s) => s['0020000D']?.Value?.[0]);
    expect(uids).toContain(study);
  });

  it('the export zip’s DICOMDIR PATIENT record and files carry the exam’s HN', async () => {
    const ready = await vi.waitFor(
      async () => {
        const r = await get(`/dicom/export/${exam.id}/check`, 'staff');
        const body = r.json();
        if (!body.data) throw new Error(`still preparing: ${r.body}`);
        return body.data as { url: string };
      },
      { timeout: 20_000, interval: 25 },
    );
    const zip = await get(ready.url, 'staff');
    expect(zip.statusCode).toBe(200);
    const entries = await unzip(zip.rawPayload);
    const dicomdir = await run('dcmdump', ['+U8', '-q', write('DICOMDIR', entries.get('DICOMDIR')!)]);
    const patientRecord = dicomdir.stdout.split('(0004,1430) CS [PATIENT')[1]!.split('(0004,1430)')[0]!;
    expect(patientRecord).toContain(`(0010,0020) LO [${hn}`);
    const studyRecord = dicomdir.stdout.split('(0004,1430) CS [STUDY')[1]!.split('(0004,1430)')[0]!;
    expect(studyRecord).toContain(`(0008,0050) SH [${exam.accessionNumber}`);
    const images = [...entries.entries()].filter(([name]) => name !== 'DICOMDIR');
    expect(images).toHaveLength(sent.size);
    for (const [name, bytes] of images) {
      const values = await dumpValues(write(name.replaceAll('/', '_'), bytes));
      expect(values.get('0010,0020')).toBe(hn);
      expect(values.get('0008,0050')).toBe(exam.accessionNumber);
    }
  });

  it('the file as the modality sent it is for the auditor only, and each read of it is logged', async () => {
    const [sop, original] = [...sent.entries()][0]!;
    const url = `/api/dicom/studies/${study}/series/${series}/instances/${sop}/original`;
    expect((await get(url, 'staff')).statusCode).toBe(403);
    const res = await get(url, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(original)).toBe(true);
    const logged = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dicom.original.read'), eq(auditLog.entityId, study)));
    expect(logged).toHaveLength(1);
    expect((await get(url.replace(sop, testUid()), 'admin')).statusCode).toBe(404);
    // Who first, then what: no session is a 401, a malformed UID a 400 naming the parameter.
    expect((await sut.app.inject({ url })).statusCode).toBe(401);
    const bad = await get(url.replace(sop, 'not-a-uid'), 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['sop']);
  });

  it('Edit Exam Information corrects the name the matched images answer with and leave with', async () => {
    const [current] = await sut.database.db.select().from(exams).where(eq(exams.id, exam.id));
    const edited = await sut.app.inject({
      method: 'POST',
      url: `/api/exam/${exam.id}/update`,
      headers: { cookie: await as('staff') },
      payload: { firstName: 'แก้ชื่อ', lastName: current!.lastName, birthDate: '1970-05-06', version: current!.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const metadata = await get(`/dicomweb/studies/${study}/metadata`, 'staff', 'application/dicom+json');
    const first = metadata.json<DicomJsonList>()[0]!;
    expect(JSON.stringify(first['00100010']?.Value)).toContain('แก้ชื่อ');
    expect(first['00100030']?.Value).toEqual(['19700506']);
    const [sop] = [...sent.keys()];
    const single = await get(
      `/dicomweb/studies/${study}/series/${series}/instances/${sop}`,
      'staff',
      'application/dicom',
    );
    const values = await dumpValues(write('after-edit.dcm', single.rawPayload));
    expect(values.get('0010,0010')).toContain('แก้ชื่อ');
    expect(values.get('0010,0030')).toBe('19700506');
    const audited = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dicom.identity.reconcile'), eq(auditLog.entityId, exam.id)));
    expect(audited.map((a) => a.patientId)).toEqual([exam.patientId]);
  });

  it('an HN change re-points the index, the metadata and the files to the new HN', async () => {
    const patient = (await get(`/api/patient/${exam.patientId}`, 'staff')).json().data;
    const newHn = `HN-R${Date.now() % 1_000_000}`;
    const saved = await sut.app.inject({
      method: 'POST',
      url: '/api/patient',
      headers: { cookie: await as('staff') },
      payload: {
        patientId: exam.patientId,
        hn: newHn,
        nameTH: { prefix: 'นาย', first: 'ทดสอบ', last: 'ระบบรังสี' },
        nameEN: { prefix: 'Mr.', first: 'Thotsop', last: 'Rangsi' },
        gender: 'Male',
        birthDate: '1985-03-14',
        allergy: [],
        currentAndRecordAddressIsSame: true,
        contacts: [],
        password: 'rangsi-demo',
        version: patient.version,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const byNew = await findscuStudyRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=STUDY',
      `PatientID=${newHn}`,
      'StudyInstanceUID',
      'AccessionNumber',
    ]);
    expect(byNew.answers.map((a) => a.top.get('0020,000d'))).toContain(study);
    const byOld = await findscuStudyRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=STUDY',
      `PatientID=${hn}`,
      'StudyInstanceUID',
    ]);
    expect(byOld.answers.map((a) => a.top.get('0020,000d'))).not.toContain(study);

    const metadata = await get(`/dicomweb/studies/${study}/metadata`, 'staff', 'application/dicom+json');
    const first = metadata.json<DicomJsonList>()[0]!;
    expect(first['00100020']?.Value).toEqual([newHn]);
    expect(first['00100010']?.Value).toEqual([{ Alphabetic: 'Rangsi^Thotsop^^Mr.', Ideographic: expect.any(String) }]);

    const [sop] = [...sent.keys()];
    const single = await get(
      `/dicomweb/studies/${study}/series/${series}/instances/${sop}`,
      'staff',
      'application/dicom',
    );
    expect((await dumpValues(write('after-hn.dcm', single.rawPayload))).get('0010,0020')).toBe(newHn);

    // The exam's own copy follows, so the worklist and the Modality Worklist give the new HN to the next images.
    const [examAfter] = await sut.database.db.select().from(exams).where(eq(exams.id, exam.id));
    expect(examAfter).toMatchObject({ hn: newHn, dicomPatientId: newHn });
    const [row] = await sut.database.db.select().from(dicomStudies).where(eq(dicomStudies.studyInstanceUid, study));
    // What the modality sent stays on record through every reconciliation.
    expect(row!.originalIdentity).toMatchObject({ PatientID: MODALITY_ID, AccessionNumber: MODALITY_ACCESSION });
    const audited = await sut.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'dicom.identity.reconcile'),
          eq(auditLog.entityType, 'patient'),
          eq(auditLog.patientId, exam.patientId!),
        ),
      );
    expect(audited).toHaveLength(1);
  });
});
