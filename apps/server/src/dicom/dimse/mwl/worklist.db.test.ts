import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client';
import { exams, patients } from '../../../db/schema/index';
import { openTestDatabase } from '../../../test/test-app';
import { buildPart10Header } from '../../parse/part10';
import { run } from '../test/dcmtk';
import { findscuWorklist } from '../test/findscu';
import { startListener, type Harness } from '../test/harness';
import { ModalityWorklist } from './worklist';
import { createExamState } from '../../../modules/exams/exam-state';

const SPS = 'ScheduledProcedureStepSequence[0]';
const RETURN_KEYS = [
  'PatientName',
  'PatientID',
  'PatientBirthDate',
  'PatientSex',
  'AccessionNumber',
  'RequestedProcedureDescription',
  'RequestedProcedureID',
  'StudyInstanceUID',
  'ReferringPhysicianName',
  `${SPS}.Modality`,
  `${SPS}.ScheduledStationAETitle`,
  `${SPS}.ScheduledProcedureStepStartDate`,
  `${SPS}.ScheduledProcedureStepStartTime`,
  `${SPS}.ScheduledProcedureStepDescription`,
  `${SPS}.ScheduledProcedureStepID`,
];

/** The Bangkok calendar day (YYYYMMDD) of an instant, `plus` days later. */
function bangkokDay(at: Date, plus = 0): string {
  return new Date(at.getTime() + 7 * 3_600_000 + plus * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
}

interface Scheduled {
  id: string;
  accession: string | null;
  modality: string;
  station: string | null;
  day: string;
  hn: string;
  thai: string;
  firstTh: string;
  english: string;
  firstEn: string | null;
  studyUid: string | null;
}

describe('Modality Worklist C-FIND SCP, queried by dcmtk findscu -W', () => {
  let database: DatabaseHandle;
  let h: Harness;
  let scheduled: Scheduled[];
  const today = bangkokDay(new Date());

  beforeAll(async () => {
    database = await openTestDatabase();
    h = await startListener({ worklist: new ModalityWorklist(database.db, createExamState(database.db)) });
    const rows = await database.db
      .select({
        id: exams.id,
        accession: exams.accessionNumber,
        modality: exams.modalityCode,
        station: exams.scheduledStationAeTitle,
        examDate: exams.examDate,
        hn: exams.hn,
        last: exams.lastName,
        first: exams.firstName,
        lastEn: patients.lastNameEn,
        firstEn: patients.firstNameEn,
        middleEn: patients.middleNameEn,
        prefixEn: patients.prefixEn,
        suffixEn: patients.suffixEn,
        studyUid: exams.studyInstanceUid,
      })
      .from(exams)
      .leftJoin(patients, eq(patients.id, exams.patientId))
      .where(and(eq(exams.status, 'Scheduled'), isNull(exams.deletedAt)));
    scheduled = rows.map((r) => ({
      id: r.id,
      accession: r.accession,
      modality: r.modality,
      station: r.station,
      day: bangkokDay(r.examDate),
      hn: r.hn,
      thai: `${r.last ?? ''}^${r.first}`,
      firstTh: r.first,
      firstEn: r.firstEn,
      english: [r.lastEn, r.firstEn, r.middleEn, r.prefixEn, r.suffixEn]
        .map((p) => p ?? '')
        .join('^')
        .replace(/\^+$/, ''),
      studyUid: r.studyUid,
    }));
    expect(scheduled.filter((s) => s.day >= today).length).toBeGreaterThan(10);
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await database.close();
  });

  const accessions = (answers: { top: Map<string, string> }[]) => answers.map((a) => a.top.get('0008,0050')!).sort();
  const expected = (pred: (s: Scheduled) => boolean) =>
    scheduled
      .filter(pred)
      .map((s) => s.accession ?? '')
      .sort();

  it('matches a date range and Modality, answering the requested attributes', async () => {
    const to = bangkokDay(new Date(), 7);
    const r = await findscuWorklist(h.listener.port, [
      ...RETURN_KEYS.filter((k) => !k.endsWith('.Modality') && !k.endsWith('StartDate')),
      `${SPS}.Modality=CT`,
      `${SPS}.ScheduledProcedureStepStartDate=${today}-${to}`,
    ]);
    expect(r.ok, r.output).toBe(true);
    const want = expected((s) => s.modality === 'CT' && s.day >= today && s.day <= to);
    expect(want.length).toBeGreaterThan(3);
    expect(accessions(r.answers)).toEqual(want);
    for (const a of r.answers) {
      expect(a.sps.get('0008,0060')).toBe('CT');
      expect(a.sps.get('0040,0002')! >= today && a.sps.get('0040,0002')! <= to).toBe(true);
      expect(a.top.get('0008,0005')).toBe('ISO_IR 192');
      for (const tag of ['0010,0010', '0010,0020', '0020,000d', '0032,1060', '0040,1001'])
        expect(a.top.get(tag), tag).toBeTruthy();
      for (const tag of ['0040,0001', '0040,0003', '0040,0007', '0040,0009']) expect(a.sps.get(tag), tag).toBeTruthy();
    }
  });

  it('matches single dates and open ranges', async () => {
    const tomorrow = bangkokDay(new Date(), 1);
    const single = await findscuWorklist(h.listener.port, [
      'AccessionNumber',
      `${SPS}.ScheduledProcedureStepStartDate=${tomorrow}`,
    ]);
    expect(accessions(single.answers)).toEqual(expected((s) => s.day === tomorrow));
    const from = await findscuWorklist(h.listener.port, [
      'AccessionNumber',
      `${SPS}.ScheduledProcedureStepStartDate=${tomorrow}-`,
    ]);
    expect(accessions(from.answers)).toEqual(expected((s) => s.day >= tomorrow));
    const until = await findscuWorklist(h.listener.port, [
      'AccessionNumber',
      `${SPS}.ScheduledProcedureStepStartDate=-${today}`,
    ]);
    expect(accessions(until.answers)).toEqual(expected((s) => s.day <= today));
  });

  it('matches ScheduledStationAETitle', async () => {
    const r = await findscuWorklist(h.listener.port, [
      'AccessionNumber',
      `${SPS}.ScheduledStationAETitle=CT01`,
      `${SPS}.ScheduledProcedureStepStartDate=${today}-`,
    ]);
    const want = expected((s) => s.station === 'CT01' && s.day >= today);
    expect(want.length).toBeGreaterThan(0);
    expect(accessions(r.answers)).toEqual(want);
    const wild = await findscuWorklist(h.listener.port, [
      'AccessionNumber',
      `${SPS}.ScheduledStationAETitle=MR0?`,
      `${SPS}.ScheduledProcedureStepStartDate=${today}-`,
    ]);
    expect(accessions(wild.answers)).toEqual(expected((s) => /^MR0.$/.test(s.station ?? '') && s.day >= today));
  });

  it('matches PatientName with * and ? wildcards, Thai and Latin, case-insensitively', async () => {
    const target = scheduled.find((s) => s.day >= today && s.accession && s.firstEn && s.firstTh.length >= 3)!;
    const thai = await findscuWorklist(h.listener.port, [
      'SpecificCharacterSet=ISO_IR 192',
      'AccessionNumber',
      'PatientName',
      `PatientName=*${target.firstTh}*`,
    ]);
    expect(thai.ok, thai.output).toBe(true);
    expect(accessions(thai.answers)).toEqual(expected((s) => s.thai.includes(target.firstTh)));
    const latin = target.firstEn!;
    const pattern = `*${latin.slice(0, 1).toLowerCase()}?${latin.slice(2).toUpperCase()}*`;
    const en = await findscuWorklist(h.listener.port, ['AccessionNumber', `PatientName=${pattern}`]);
    const re = new RegExp(`${latin.slice(0, 1)}.${latin.slice(2)}`, 'i');
    expect(accessions(en.answers)).toEqual(expected((s) => re.test(s.english)));
    expect(accessions(en.answers)).toContain(target.accession);
    // The whole name, exactly, both groups, as the answer carries it.
    const exact = await findscuWorklist(h.listener.port, [
      'AccessionNumber',
      `PatientName=${target.english.toUpperCase()}`,
    ]);
    expect(accessions(exact.answers)).toContain(target.accession);
  });

  it('decodes a query in TIS-620 (ISO_IR 166) as well as UTF-8', async () => {
    const target = scheduled.find(
      (s) => s.day >= today && s.accession && s.firstTh.length >= 3 && /^[\u0e00-\u0e7f]+$/.test(s.firstTh),
    )!;
    // TIS-620 is Thai's code points shifted: U+0E01..U+0E5B -> 0xA1..0xFB.
    const tis620 = (text: string) =>
      Buffer.from(
        [...text].map((c) => (c.charCodeAt(0) >= 0x0e00 ? c.charCodeAt(0) - 0x0e00 + 0xa0 : c.charCodeAt(0))),
      );
    const el = (g: number, e: number, vr: string, v: Buffer) => {
      const value = v.length % 2 ? Buffer.concat([v, Buffer.from([0x20])]) : v;
      const long = vr === 'SQ';
      const h = Buffer.alloc(long ? 12 : 8);
      h.writeUInt16LE(g, 0);
      h.writeUInt16LE(e, 2);
      h.write(vr, 4, 'latin1');
      if (long) h.writeUInt32LE(value.length, 8);
      else h.writeUInt16LE(value.length, 6);
      return Buffer.concat([h, value]);
    };
    const query = Buffer.concat([
      el(0x0008, 0x0005, 'CS', Buffer.from('ISO_IR 166')),
      el(0x0008, 0x0050, 'SH', Buffer.alloc(0)),
      el(0x0010, 0x0010, 'PN', Buffer.concat([Buffer.from('*'), tis620(target.firstTh), Buffer.from('*')])),
    ]);
    const file = path.join(h.dir, 'query-tis620.dcm');
    fs.writeFileSync(
      file,
      Buffer.concat([
        buildPart10Header({
          sopClassUid: '1.2.840.10008.5.1.4.31',
          sopInstanceUid: '1.2.3',
          transferSyntaxUid: '1.2.840.10008.1.2.1',
        }),
        query,
      ]),
    );
    const r = await run('findscu', ['-v', '-W', '-aec', 'RANGSI', '127.0.0.1', String(h.listener.port), file]);
    const found = [...`${r.stdout}${r.stderr}`.matchAll(/\(0008,0050\) SH \[([^\]]*)\]/g)].map((m) => m[1]!.trim());
    expect(found.sort()).toEqual(expected((s) => s.thai.includes(target.firstTh)).filter((a) => a !== ''));
    expect(found).toContain(target.accession);
  });

  it('matches AccessionNumber and PatientID, with demographics and a StudyInstanceUID kept on the exam', async () => {
    const target = scheduled.find((s) => s.day >= today && s.accession && s.firstEn)!;
    await database.db.update(exams).set({ studyInstanceUid: null }).where(eq(exams.id, target.id));
    const r = await findscuWorklist(h.listener.port, [
      ...RETURN_KEYS.filter((k) => k !== 'AccessionNumber'),
      `AccessionNumber=${target.accession}`,
    ]);
    expect(r.answers).toHaveLength(1);
    const a = r.answers[0]!;
    const [row] = await database.db.select().from(exams).where(eq(exams.id, target.id));
    const [patient] = await database.db.select().from(patients).where(eq(patients.id, row!.patientId!));
    expect(row!.studyInstanceUid).toMatch(/^2\.25\.\d+$/);
    expect(a.top.get('0020,000d')).toBe(row!.studyInstanceUid);
    expect(a.top.get('0010,0010')).toBe(
      `${patient!.lastNameEn}^${patient!.firstNameEn}${patient!.prefixEn ? `^^${patient!.prefixEn}` : ''}=${row!.lastName}^${row!.firstName}${row!.prefixName ? `^^${row!.prefixName}` : ''}`,
    );
    expect(a.top.get('0010,0020')).toBe(row!.hn);
    expect(a.top.get('0010,0030')).toBe(row!.birthDate?.replaceAll('-', '') ?? '');
    expect(a.top.get('0010,0040')).toBe({ Male: 'M', Female: 'F' }[row!.gender ?? ''] ?? '');
    expect(a.top.get('0032,1060')).toBe(row!.description);
    expect(a.top.get('0040,1001')).toBe(target.accession);
    expect(a.sps.get('0008,0060')).toBe(row!.modalityCode);
    expect(a.sps.get('0040,0001')).toBe(row!.scheduledStationAeTitle);
    expect(a.sps.get('0040,0002')).toBe(bangkokDay(row!.examDate));
    expect(a.sps.get('0040,0003')).toBe(
      new Date(row!.examDate.getTime() + 7 * 3_600_000).toISOString().slice(11, 19).replaceAll(':', ''),
    );
    expect(a.sps.get('0040,0009')).toBe(target.accession);
    // Asked again: the same UID.
    const again = await findscuWorklist(h.listener.port, ['StudyInstanceUID', `AccessionNumber=${target.accession}`]);
    expect(again.answers[0]!.top.get('0020,000d')).toBe(row!.studyInstanceUid);
    const byHn = await findscuWorklist(h.listener.port, ['AccessionNumber', `PatientID=${target.hn}`]);
    expect(accessions(byHn.answers)).toEqual(expected((s) => s.hn === target.hn));
  });

  it('answers only the keys asked for; an empty sequence in the query returns the whole step', async () => {
    const target = scheduled.find((s) => s.accession && s.day >= today)!;
    const r = await findscuWorklist(h.listener.port, [
      `AccessionNumber=${target.accession}`,
      'PatientWeight',
      'ScheduledProcedureStepSequence',
    ]);
    const a = r.answers[0]!;
    expect([...a.top.keys()].sort()).toEqual(['0008,0005', '0008,0050', '0010,1030', '0040,0100']);
    expect(a.top.get('0010,1030')).toBe('');
    for (const tag of ['0008,0060', '0040,0001', '0040,0002', '0040,0003', '0040,0007', '0040,0009'])
      expect(a.sps.get(tag), tag).toBeTruthy();
  });

  it('refuses a malformed date with a failure status, and keeps serving', async () => {
    const r = await findscuWorklist(h.listener.port, [
      'AccessionNumber',
      `${SPS}.ScheduledProcedureStepStartDate=2026-13-45`,
    ]);
    expect(r.ok).toBe(false);
    expect(r.answers).toHaveLength(0);
    expect(r.final).toBe('Error: DataSetDoesNotMatchSOPClass');
    const ok = await findscuWorklist(h.listener.port, [
      'AccessionNumber',
      `${SPS}.ScheduledProcedureStepStartDate=${today}`,
    ]);
    expect(ok.ok).toBe(true);
  });
});
