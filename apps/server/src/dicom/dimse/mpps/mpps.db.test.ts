/**
 * Modality Performed Procedure Step SCP (PS3.4 F.7) against dcmjs-dimse's Client as the modality: it reads its
 * worklist (dcmtk findscu), reports the step IN PROGRESS with the worklist's keys, then COMPLETED or DISCONTINUED; the
 * exam moves through the exams module's writer and its log says what the modality did.
 */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client';
import { dicomMpps, examEvents, exams } from '../../../db/schema/index';
import { openTestDatabase } from '../../../test/test-app';
import { createExamState } from '../../../modules/exams/exam-state';
import { dimse } from '../lib';
import { ModalityWorklist } from '../mwl/worklist';
import { findscuWorklist } from '../test/findscu';
import { startListener, type Harness } from '../test/harness';
import { datasetOf, exchange } from '../test/n-scu';
import { pdata, RawScu } from '../test/raw-scu';
import { ModalityPerformedProcedureSteps, MPPS_SOP_CLASS } from './mpps';

const CT = '1.2.840.10008.5.1.4.1.1.2';

/** An implicit VR little endian element of a command or data set. */
function el(group: number, element: number, value: Buffer): Buffer {
  const h = Buffer.alloc(8);
  h.writeUInt16LE(group, 0);
  h.writeUInt16LE(element, 2);
  h.writeUInt32LE(value.length, 4);
  return Buffer.concat([h, value]);
}
const us = (n: number) => Buffer.from([n & 0xff, n >> 8]);
const ui = (s: string) => Buffer.from(s.length % 2 ? `${s}\0` : s, 'latin1');

/** An N-CREATE-RQ command set (PS3.7 10.3.5) announcing a data set. */
function nCreateCommand(uid: string): Buffer {
  const body = Buffer.concat([
    el(0, 0x0002, ui(MPPS_SOP_CLASS)),
    el(0, 0x0100, us(0x0140)),
    el(0, 0x0110, us(7)),
    el(0, 0x0800, us(0x0000)),
    el(0, 0x1000, ui(uid)),
  ]);
  return Buffer.concat([el(0, 0x0000, Buffer.from(Uint32Array.of(body.length).buffer)), body]);
}

interface WorklistKeys {
  accession: string;
  studyUid: string;
  procedureId: string;
}

function create(uid: string, keys: WorklistKeys, status = 'IN PROGRESS') {
  const request = new dimse.requests.NCreateRequest(MPPS_SOP_CLASS, uid);
  request.setDataset(
    datasetOf({
      ScheduledStepAttributesSequence: [
        {
          StudyInstanceUID: keys.studyUid,
          AccessionNumber: keys.accession,
          RequestedProcedureID: keys.procedureId,
          ScheduledProcedureStepID: keys.procedureId,
        },
      ],
      PatientID: 'MPPS-TEST',
      PerformedStationAETitle: 'CT01',
      PerformedProcedureStepStartDate: '20261202',
      PerformedProcedureStepStartTime: '101500',
      PerformedProcedureStepID: `PPS${uid.slice(-4)}`,
      PerformedProcedureStepStatus: status,
      Modality: 'CT',
      PerformedSeriesSequence: [],
    }),
  );
  return request;
}

function set(uid: string, elements: Record<string, unknown>) {
  const request = new dimse.requests.NSetRequest(MPPS_SOP_CLASS, uid);
  request.setDataset(datasetOf(elements));
  return request;
}

const series = (uid: string, images: number) => ({
  SeriesInstanceUID: uid,
  SeriesDescription: 'axial',
  RetrieveAETitle: 'RANGSI',
  ReferencedImageSequence: Array.from({ length: images }, (_, i) => ({
    ReferencedSOPClassUID: CT,
    ReferencedSOPInstanceUID: `${uid}.${i + 1}`,
  })),
});

describe('MPPS SCP, reported by dcmjs-dimse Client', () => {
  let database: DatabaseHandle;
  let h: Harness;
  const examState = () => createExamState(database.db);

  beforeAll(async () => {
    database = await openTestDatabase();
    h = await startListener({
      allowedCallingAeTitles: ['CT01', 'CT02', 'SCOPED'],
      worklist: new ModalityWorklist(database.db, examState()),
      mpps: new ModalityPerformedProcedureSteps(
        database.db,
        examState(),
        new Map([['SCOPED', { kind: 'branch', codes: ['NO-SUCH-BRANCH'] }]]),
      ),
    });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await database?.close();
  });

  /** Scheduled exams without images, and what the worklist tells the modality about one of them. */
  async function scheduledExam(skip: number) {
    const [exam] = await database.db
      .select({ id: exams.id, accession: exams.accessionNumber })
      .from(exams)
      .where(
        and(
          eq(exams.status, 'Scheduled'),
          eq(exams.hasImage, false),
          isNull(exams.deletedAt),
          isNotNull(exams.accessionNumber),
        ),
      )
      .orderBy(asc(exams.id))
      .offset(skip)
      .limit(1);
    const mwl = await findscuWorklist(
      h.listener.port,
      ['StudyInstanceUID', 'RequestedProcedureID', `AccessionNumber=${exam!.accession}`],
      'CT01',
    );
    expect(mwl.answers).toHaveLength(1);
    const top = mwl.answers[0]!.top;
    const keys: WorklistKeys = {
      accession: top.get('0008,0050')!,
      studyUid: top.get('0020,000d')!,
      procedureId: top.get('0040,1001')!,
    };
    return { examId: exam!.id, keys };
  }

  const examRow = async (id: string) => (await database.db.select().from(exams).where(eq(exams.id, id)))[0]!;
  const logOf = async (id: string) =>
    (
      await database.db
        .select({ action: examEvents.action, detail: examEvents.detail, userName: examEvents.userName })
        .from(examEvents)
        .where(eq(examEvents.examId, id))
    ).filter((e) => e.action.startsWith('procedure'));

  it('IN PROGRESS moves the exam to Arrived and off the worklist; COMPLETED records the series and logs them', async () => {
    const { examId, keys } = await scheduledExam(0);
    const uid = '2.25.27120001';
    const started = await exchange(h.listener.port, [create(uid, keys)], { callingAe: 'CT01' });
    expect(started.responses[0]?.getStatus()).toBe(0x0000);
    expect(started.responses[0]?.getAffectedSopInstanceUid()).toBe(uid);
    expect((await examRow(examId)).status).toBe('Arrived');
    const mwl = await findscuWorklist(h.listener.port, [`AccessionNumber=${keys.accession}`], 'CT01');
    expect(mwl.ok).toBe(true);
    expect(mwl.answers).toHaveLength(0);

    const done = await exchange(
      h.listener.port,
      [
        set(uid, {
          PerformedProcedureStepStatus: 'COMPLETED',
          PerformedProcedureStepEndDate: '20261202',
          PerformedProcedureStepEndTime: '103000',
          PerformedSeriesSequence: [series(`${keys.studyUid}.1`, 2), series(`${keys.studyUid}.2`, 1)],
        }),
      ],
      { callingAe: 'CT01' },
    );
    expect(done.responses[0]?.getStatus()).toBe(0x0000);
    expect(await logOf(examId)).toEqual([
      { action: 'procedureStarted', detail: 'เริ่มตรวจที่เครื่อง CT01 (MPPS)', userName: 'CT01' },
      { action: 'procedureCompleted', detail: 'เครื่องตรวจเสร็จ CT01: 2 ชุดภาพ 3 ภาพ (MPPS)', userName: 'CT01' },
    ]);
    const [stored] = await database.db.select().from(dicomMpps).where(eq(dicomMpps.sopInstanceUid, uid));
    expect(stored).toMatchObject({
      examId,
      status: 'COMPLETED',
      startedAt: '20261202 101500',
      endedAt: '20261202 103000',
      performedSeries: [
        { seriesInstanceUid: `${keys.studyUid}.1`, instances: 2, description: 'axial' },
        { seriesInstanceUid: `${keys.studyUid}.2`, instances: 1, description: 'axial' },
      ],
    });

    // A completed step may no longer be updated (PS3.4 F.7.2.2.4), and the exam is left as it was.
    const version = (await examRow(examId)).version;
    const late = await exchange(
      h.listener.port,
      [set(uid, { PerformedProcedureStepStatus: 'DISCONTINUED' }), create(uid, keys)],
      { callingAe: 'CT01' },
    );
    expect(late.responses[0]?.getStatus()).toBe(0x0110);
    expect(late.responses[0]?.getErrorComment()).toBe('Performed Procedure Step Object may no longer be updated');
    expect(late.responses[0]?.getCommandDataset().getElement('ErrorID')).toBe(0xa710);
    expect(late.responses[1]?.getStatus()).toBe(0x0111);
    expect((await examRow(examId)).version).toBe(version);
    expect((await database.db.select().from(dicomMpps).where(eq(dicomMpps.sopInstanceUid, uid)))[0]?.status).toBe(
      'COMPLETED',
    );
  });

  it('DISCONTINUED before any image puts the exam back on the worklist, with the reason in its log', async () => {
    const { examId, keys } = await scheduledExam(1);
    const uid = '2.25.27120002';
    const ex = await exchange(
      h.listener.port,
      [
        create(uid, keys),
        set(uid, {
          PerformedProcedureStepStatus: 'DISCONTINUED',
          PerformedProcedureStepDiscontinuationReasonCodeSequence: [
            { CodeValue: '110514', CodingSchemeDesignator: 'DCM', CodeMeaning: 'Incorrect worklist entry selected' },
          ],
        }),
      ],
      { callingAe: 'CT01' },
    );
    expect(ex.responses.map((r) => r?.getStatus())).toEqual([0x0000, 0x0000]);
    expect((await examRow(examId)).status).toBe('Scheduled');
    expect((await logOf(examId)).map((e) => e.detail)).toEqual([
      'เริ่มตรวจที่เครื่อง CT01 (MPPS)',
      'เครื่องหยุดตรวจ CT01: Incorrect worklist entry selected (MPPS)',
    ]);
    const mwl = await findscuWorklist(h.listener.port, [`AccessionNumber=${keys.accession}`], 'CT01');
    expect(mwl.answers).toHaveLength(1);
  });

  it('answers bad requests with the standard statuses and changes nothing', async () => {
    const { examId, keys } = await scheduledExam(2);
    const uid = '2.25.27120003';
    const ex = await exchange(
      h.listener.port,
      [
        create('2.25.27120004', keys, 'COMPLETED'),
        set('2.25.27120099', { PerformedProcedureStepStatus: 'COMPLETED' }),
        create(uid, keys),
        set(uid, { PerformedProcedureStepStatus: 'FINISHED' }),
        set(uid, { PerformedProcedureStepStatus: 'COMPLETED', PerformedSeriesSequence: [] }),
      ],
      { callingAe: 'CT01' },
    );
    expect(ex.responses.map((r) => r?.getStatus())).toEqual([0x0106, 0x0112, 0x0000, 0x0106, 0x0121]);
    // Another modality cannot touch CT01's step: for it, the step does not exist.
    const other = await exchange(h.listener.port, [set(uid, { PerformedProcedureStepStatus: 'DISCONTINUED' })], {
      callingAe: 'CT02',
    });
    expect(other.responses[0]?.getStatus()).toBe(0x0112);
    const rows = await database.db.select().from(dicomMpps).where(eq(dicomMpps.examId, examId));
    expect(rows.map((r) => [r.sopInstanceUid, r.status])).toEqual([[uid, 'IN PROGRESS']]);
    expect((await logOf(examId)).map((e) => e.action)).toEqual(['procedureStarted']);
  });

  it("does not move an exam outside the calling AE's worklist scope", async () => {
    const { examId, keys } = await scheduledExam(3);
    const ex = await exchange(h.listener.port, [create('2.25.27120005', keys)], { callingAe: 'SCOPED' });
    expect(ex.responses[0]?.getStatus()).toBe(0x0000);
    expect((await examRow(examId)).status).toBe('Scheduled');
    expect(await logOf(examId)).toEqual([]);
  });

  it('a truncated data set gets 0x0106 and stores nothing; the next modality is answered', async () => {
    const { examId, keys } = await scheduledExam(5);
    const raw = await RawScu.connect(h.listener.port);
    const answer = await raw.associate('CT01', 'RANGSI', [
      { id: 1, abstractSyntax: MPPS_SOP_CLASS, transferSyntaxes: ['1.2.840.10008.1.2'] },
    ]);
    expect(answer.kind).toBe('accept');
    // PerformedProcedureStepStatus claiming 2 GiB of value in a few bytes.
    const garbage = Buffer.concat([Buffer.from([0x40, 0x00, 0x52, 0x02, 0xff, 0xff, 0xff, 0x7f]), Buffer.from('IN')]);
    await raw.write(pdata(1, nCreateCommand('2.25.27120007'), true, true));
    await raw.write(pdata(1, garbage, false, true));
    const response = await raw.response();
    raw.destroy();
    // dcmjs reads what there is of the element, so no status: Invalid Attribute Value, and the association lives on.
    expect(response).toMatchObject({ status: 0x0106 });
    expect(await database.db.select().from(dicomMpps).where(eq(dicomMpps.sopInstanceUid, '2.25.27120007'))).toEqual([]);
    const ex = await exchange(h.listener.port, [create('2.25.27120008', keys)], { callingAe: 'CT01' });
    expect(ex.responses[0]?.getStatus()).toBe(0x0000);
    expect((await examRow(examId)).status).toBe('Arrived');
  });

  it('rejects an association from an AE title it does not know', async () => {
    const { keys } = await scheduledExam(6);
    const ex = await exchange(h.listener.port, [create('2.25.27120006', keys)], { callingAe: 'STRANGER' });
    expect(ex.rejected).toBe(true);
    expect(await database.db.select().from(dicomMpps).where(eq(dicomMpps.sopInstanceUid, '2.25.27120006'))).toEqual([]);
  });
});
