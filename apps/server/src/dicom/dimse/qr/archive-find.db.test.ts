import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditService } from '../../../audit/audit.service';
import type { DatabaseHandle } from '../../../db/client';
import { auditLog } from '../../../db/schema/index';
import type { LocalDicomArchive } from '../../archive/local-archive';
import { buildInstance, testUid } from '../../testing/build-dicom';
import { findscuPatientRoot, findscuStudyRoot } from '../test/findscu';
import { openArchiveFixture, type ArchiveFixture } from '../test/archive-fixture';
import { startListener, type Harness } from '../test/harness';
import { ArchiveFind } from './archive-find';

const WORKSTATION = 'READING_WS';

describe('Study Root C-FIND SCP, queried by dcmtk findscu -S', () => {
  let fixture: ArchiveFixture;
  let database: DatabaseHandle;
  let archive: LocalDicomArchive;
  let h: Harness;
  // Unique per run: the test database may hold other studies.
  const pid = `QR-${Date.now().toString(36)}`;
  const ct = { study: testUid(), series: [testUid(), testUid()], sops: [] as string[][] };
  const mr = { study: testUid(), series: testUid(), sop: testUid() };

  beforeAll(async () => {
    fixture = await openArchiveFixture('qr');
    ({ database, archive } = fixture);
    for (const [s, series] of ct.series.entries()) {
      const sops: string[] = [];
      for (let i = 1; i <= (s === 0 ? 3 : 2); i++) {
        const b = buildInstance({
          studyUid: ct.study,
          seriesUid: series,
          seriesNumber: s + 1,
          instanceNumber: i,
          modality: 'CT',
          patientId: `${pid}-A`,
          patientName: 'Jaidee^Somchai',
          accessionNumber: `${pid}A`.slice(0, 16),
          studyDate: '20250110',
        });
        expect((await archive.ingestBytes(b.bytes, { source: 'TEST' })).status).toBe('stored');
        sops.push(b.sopUid);
      }
      ct.sops.push(sops);
    }
    const b = buildInstance({
      studyUid: mr.study,
      seriesUid: mr.series,
      sopUid: mr.sop,
      modality: 'MR',
      charset: 'ISO_IR 192',
      patientId: `${pid}-B`,
      patientName: Buffer.from('Rakdee^Somsri=รักดี^สมศรี', 'utf8'),
      studyDate: '20250215',
    });
    expect((await archive.ingestBytes(b.bytes, { source: 'TEST' })).status).toBe('stored');
    await archive.flushCounts();
    h = await startListener({
      query: new ArchiveFind(database.db, new AuditService(database.db)),
      queryAeTitles: [WORKSTATION],
    });
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await fixture.close();
  });

  it('finds a study by PatientID and answers the keys asked, with the study counts', async () => {
    const r = await findscuStudyRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=STUDY',
      `PatientID=${pid}-A`,
      'StudyInstanceUID',
      'PatientName',
      'AccessionNumber',
      'StudyDate',
      'ModalitiesInStudy',
      'NumberOfStudyRelatedSeries',
      'NumberOfStudyRelatedInstances',
    ]);
    expect(r.ok, r.output).toBe(true);
    expect(r.answers).toHaveLength(1);
    const a = r.answers[0]!.top;
    expect(a.get('0020,000d')).toBe(ct.study);
    expect(a.get('0010,0010')).toBe('Jaidee^Somchai');
    expect(a.get('0008,0050')).toBe(`${pid}A`.slice(0, 16));
    expect(a.get('0008,0020')).toBe('20250110');
    expect(a.get('0008,0061')).toBe('CT');
    expect(a.get('0020,1206')).toBe('2');
    expect(a.get('0020,1208')).toBe('5');
    expect(a.get('0008,0052')).toBe('STUDY');
  });

  it('matches a name wildcard and a date range, and answers a Thai name in UTF-8', async () => {
    const byName = await findscuStudyRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=STUDY',
      'PatientName=Rakdee*',
      `PatientID=${pid}-*`,
      'StudyInstanceUID',
    ]);
    expect(byName.ok, byName.output).toBe(true);
    expect(byName.answers.map((a) => a.top.get('0020,000d'))).toEqual([mr.study]);
    expect(byName.answers[0]!.top.get('0010,0010')).toBe('Rakdee^Somsri=รักดี^สมศรี');
    expect(byName.answers[0]!.top.get('0008,0005')).toBe('ISO_IR 192');
    const range = await findscuStudyRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=STUDY',
      `PatientID=${pid}-*`,
      'StudyDate=20250101-20250131',
      'StudyInstanceUID',
    ]);
    expect(range.answers.map((a) => a.top.get('0020,000d'))).toEqual([ct.study]);
    const both = await findscuStudyRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=STUDY',
      `PatientID=${pid}-*`,
      'StudyDate=20250101-',
      'StudyInstanceUID',
    ]);
    expect(both.answers.map((a) => a.top.get('0020,000d')).sort()).toEqual([ct.study, mr.study].sort());
  });

  it('lists the series of a study and the images of a series', async () => {
    const series = await findscuStudyRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=SERIES',
      `StudyInstanceUID=${ct.study}`,
      'SeriesInstanceUID',
      'SeriesNumber',
      'Modality',
      'NumberOfSeriesRelatedInstances',
    ]);
    expect(series.ok, series.output).toBe(true);
    const got = series.answers.map((a) => [
      a.top.get('0020,000e'),
      a.top.get('0020,0011'),
      a.top.get('0008,0060'),
      a.top.get('0020,1209'),
    ]);
    expect(got.sort()).toEqual(
      [
        [ct.series[0], '1', 'CT', '3'],
        [ct.series[1], '2', 'CT', '2'],
      ].sort(),
    );
    const images = await findscuStudyRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=IMAGE',
      `StudyInstanceUID=${ct.study}`,
      `SeriesInstanceUID=${ct.series[0]}`,
      'SOPInstanceUID',
      'SOPClassUID',
      'InstanceNumber',
    ]);
    expect(images.ok, images.output).toBe(true);
    expect(images.answers.map((a) => a.top.get('0008,0018')).sort()).toEqual([...ct.sops[0]!].sort());
    expect(images.answers.map((a) => a.top.get('0020,0013')).sort()).toEqual(['1', '2', '3']);
  });

  it('refuses a query that breaks the hierarchy or its level, and changes nothing', async () => {
    const noStudy = await findscuStudyRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=SERIES',
      'SeriesInstanceUID',
    ]);
    expect(noStudy.ok).toBe(false);
    expect(noStudy.answers).toHaveLength(0);
    expect(noStudy.final, noStudy.output).not.toBe('none');
    const badLevel = await findscuStudyRoot(h.listener.port, WORKSTATION, ['QueryRetrieveLevel=PATIENT', 'PatientID']);
    expect(badLevel.ok).toBe(false);
    expect(badLevel.answers).toHaveLength(0);
    const badDate = await findscuStudyRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=STUDY',
      'StudyDate=20251399',
      'StudyInstanceUID',
    ]);
    expect(badDate.ok).toBe(false);
    expect(badDate.answers).toHaveLength(0);
    // The listener keeps serving.
    const again = await findscuStudyRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=STUDY',
      `PatientID=${pid}-A`,
      'StudyInstanceUID',
    ]);
    expect(again.answers).toHaveLength(1);
  });

  it('offers the query model only to AE titles on the query list, and audits each query with the caller', async () => {
    const stranger = await findscuStudyRoot(h.listener.port, 'MODALITY_CT', [
      'QueryRetrieveLevel=STUDY',
      `PatientID=${pid}-A`,
      'StudyInstanceUID',
    ]);
    expect(stranger.ok).toBe(false);
    expect(stranger.answers).toHaveLength(0);
    const audited = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dicom.find.study'), sql`${auditLog.detail}->>'callingAe' = ${WORKSTATION}`));
    expect(audited[0]!.n).toBeGreaterThanOrEqual(3);
    const strangers = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(sql`${auditLog.detail}->>'callingAe' = 'MODALITY_CT'`);
    expect(strangers[0]!.n).toBe(0);
  });
  it('Patient Root: finds patients with their counts and Thai names, then their studies under one PatientID', async () => {
    const patients = await findscuPatientRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=PATIENT',
      `PatientID=${pid}-*`,
      'PatientName',
      'NumberOfPatientRelatedStudies',
      'NumberOfPatientRelatedSeries',
      'NumberOfPatientRelatedInstances',
    ]);
    expect(patients.ok, patients.output).toBe(true);
    expect(
      patients.answers.map((a) => [
        a.top.get('0010,0020'),
        a.top.get('0020,1200'),
        a.top.get('0020,1202'),
        a.top.get('0020,1204'),
      ]),
    ).toEqual([
      [`${pid}-A`, '1', '2', '5'],
      [`${pid}-B`, '1', '1', '1'],
    ]);
    expect(patients.answers[1]!.top.get('0010,0010')).toBe('Rakdee^Somsri=รักดี^สมศรี');

    const studies = await findscuPatientRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=STUDY',
      `PatientID=${pid}-B`,
      'StudyInstanceUID',
      'StudyDate',
    ]);
    expect(studies.ok, studies.output).toBe(true);
    expect(studies.answers.map((a) => a.top.get('0020,000d'))).toEqual([mr.study]);
    // Below PATIENT, Patient Root needs the PatientID (hierarchical search); Study Root has no PATIENT level.
    const noPatient = await findscuPatientRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=STUDY',
      'StudyInstanceUID',
    ]);
    expect(noPatient.final).toBe('Error: DataSetDoesNotMatchSOPClass');
    expect(noPatient.answers).toHaveLength(0);
    const studyRootPatient = await findscuStudyRoot(h.listener.port, WORKSTATION, [
      'QueryRetrieveLevel=PATIENT',
      `PatientID=${pid}-A`,
    ]);
    expect(studyRootPatient.answers).toHaveLength(0);
    expect(studyRootPatient.final).toBe('Error: DataSetDoesNotMatchSOPClass');
  });
});
