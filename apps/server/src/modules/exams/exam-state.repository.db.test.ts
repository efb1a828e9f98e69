import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { branches, dicomStudies, examEvents, exams } from '../../db/schema/index';
import { openTestDatabase } from '../../test/test-app';
import { ExamStateRepository } from './exam-state.repository';
import { and, eq, findExam, isNull, sql, userId } from './exams.test-helpers';

// The one writer of exams and exam_events: every change bumps the version and lands with its log line, or neither.
describe(ExamStateRepository.name, () => {
  let database: DatabaseHandle;
  let sut: ExamStateRepository;
  let staff: { userId: string; userName: string };

  const examOf = async (id: string) => (await database.db.select().from(exams).where(eq(exams.id, id)))[0]!;
  const eventsOf = async (id: string) =>
    database.db.select().from(examEvents).where(eq(examEvents.examId, id)).orderBy(examEvents.id);
  const freshScheduled = () => findExam(database.db, eq(exams.status, 'Scheduled'), eq(exams.hasImage, false));

  beforeAll(async () => {
    database = await openTestDatabase();
    sut = new ExamStateRepository(database.db);
    staff = { userId: await userId(database.db, 'staff'), userName: 'เจ้าหน้าที่ทดสอบ' };
  });
  afterAll(async () => {
    await database.close();
  });

  describe('changeIfVersion', () => {
    it('applies the change at the version read, one version up, with its log line', async () => {
      const exam = await freshScheduled();
      const before = (await eventsOf(exam.id)).length;
      const row = await sut.changeIfVersion(
        exam.id,
        exam.version,
        { latestMessage: 'โทรแจ้งผู้ป่วยแล้ว' },
        { ...staff, action: 'noted', detail: 'โทรแจ้ง' },
      );
      expect(row).toMatchObject({ id: exam.id, version: exam.version + 1, latestMessage: 'โทรแจ้งผู้ป่วยแล้ว' });
      const events = await eventsOf(exam.id);
      expect(events).toHaveLength(before + 1);
      expect(events.at(-1)).toMatchObject({ userId: staff.userId, action: 'noted', detail: 'โทรแจ้ง' });
    });

    it('writes nothing for a version someone else changed since (a lost race)', async () => {
      const exam = await freshScheduled();
      const before = await eventsOf(exam.id);
      const stale = await sut.changeIfVersion(
        exam.id,
        exam.version - 1,
        { latestMessage: 'x' },
        { ...staff, action: 'x' },
      );
      expect(stale).toBeUndefined();
      expect(await examOf(exam.id)).toMatchObject({ version: exam.version, latestMessage: exam.latestMessage });
      expect(await eventsOf(exam.id)).toHaveLength(before.length);
    });

    it('undoes the change and its log line when what it writes alongside fails', async () => {
      const exam = await freshScheduled();
      const before = await eventsOf(exam.id);
      await expect(
        sut.changeIfVersion(exam.id, exam.version, { latestMessage: 'half' }, { ...staff, action: 'half' }, () =>
          Promise.reject(new Error('the job could not be queued')),
        ),
      ).rejects.toThrow('the job could not be queued');
      expect(await examOf(exam.id)).toMatchObject({ version: exam.version, latestMessage: exam.latestMessage });
      expect(await eventsOf(exam.id)).toHaveLength(before.length);
    });
  });

  it('schedules new exams with the patient as the modality will see them, each logged as created', async () => {
    const template = await findExam(database.db, isNull(exams.deletedAt));
    const id = randomUUID();
    const examDate = new Date('2031-02-03T18:30:00Z'); // 04-02-2031 01:30 in Bangkok
    await database.db.transaction(async (tx) => {
      await sut.schedule(
        tx,
        [
          {
            id,
            requestId: template.requestId!,
            branchId: template.branchId,
            hospitalId: template.hospitalId!,
            hospitalCode: 'H1',
            accessionNumber: `ST-${Date.now()}`,
            modalityCode: 'CT',
            description: 'CT Brain',
            bodyPart: 'HEAD',
            examDate,
            referringPhysicianName: 'นพ. ทดสอบ',
            patient: {
              id: template.patientId!,
              hn: 'HN-STATE-1',
              prefixTh: 'นาย',
              firstNameTh: 'สมชาย',
              middleNameTh: null,
              lastNameTh: 'ใจดี',
              suffixTh: null,
              birthDate: '1980-05-06',
              gender: 'Male',
            },
          },
        ],
        staff,
      );
    });
    expect(await examOf(id)).toMatchObject({
      status: 'Scheduled',
      version: 1,
      hn: 'HN-STATE-1',
      dicomPatientId: 'HN-STATE-1',
      issuerOfPatientId: 'H1',
      firstName: 'สมชาย',
      studyDate: '20310204',
      studyTime: '013000',
      studyInstanceUid: `2.25.${BigInt(`0x${id.replaceAll('-', '')}`).toString()}`,
    });
    expect((await eventsOf(id)).map((e) => [e.action, e.detail])).toEqual([['created', 'สร้างใบส่งตรวจ: CT Brain']]);
  });

  it('removes live exams with the reason, one version up and logged; an exam deleted already stays as it was', async () => {
    const [a, b] = await database.db
      .select()
      .from(exams)
      .where(and(isNull(exams.deletedAt), eq(exams.status, 'Scheduled')))
      .orderBy(exams.id)
      .limit(2);
    const at = new Date('2026-12-01T03:00:00Z');
    await database.db.transaction((tx) => sut.remove(tx, [a!.id], { ...staff, reason: 'ผู้ป่วยยกเลิก', at }));
    await database.db.transaction((tx) =>
      sut.remove(tx, [a!.id, b!.id], { ...staff, reason: 'ซ้ำ', at: new Date(at.getTime() + 60_000) }),
    );
    expect(await examOf(a!.id)).toMatchObject({ deleteReason: 'ผู้ป่วยยกเลิก', deletedAt: at, version: a!.version + 1 });
    expect(await examOf(b!.id)).toMatchObject({ deleteReason: 'ซ้ำ', version: b!.version + 1 });
    expect((await eventsOf(a!.id)).filter((e) => e.action === 'deleted').map((e) => e.detail)).toEqual(['ผู้ป่วยยกเลิก']);
  });

  describe('images received', () => {
    it('a Scheduled exam is Arrived, keeps its first receive time, and waits for audit where its branch audits images', async () => {
      const exam = await freshScheduled();
      await database.db.update(branches).set({ dicomAuditRequired: true }).where(eq(branches.id, exam.branchId));
      const first = new Date('2026-12-01T02:00:00Z');
      const event = { userId: null, userName: 'CT01', action: 'imagesReceived', detail: 'รับภาพจาก CT01' };
      try {
        await database.db.transaction((tx) => sut.imagesReceived(tx, exam.id, first, '1.2.3.4', event));
        await database.db.transaction((tx) =>
          sut.imagesReceived(tx, exam.id, new Date(first.getTime() + 60_000), '1.2.3.5', event),
        );
      } finally {
        await database.db.update(branches).set({ dicomAuditRequired: false }).where(eq(branches.id, exam.branchId));
      }
      expect(await examOf(exam.id)).toMatchObject({
        hasImage: true,
        status: 'Arrived',
        dicomAuditStatus: 'WaitingForAudit',
        receivedAt: first,
        studyInstanceUid: exam.studyInstanceUid ?? '1.2.3.4',
        version: exam.version + 2,
      });
      expect((await eventsOf(exam.id)).filter((e) => e.action === 'imagesReceived')).toHaveLength(2);
    });

    it('an exam past Scheduled keeps its status', async () => {
      const exam = await findExam(database.db, eq(exams.status, 'Assigned'));
      const event = { userId: null, userName: 'CT01', action: 'imagesReceived', detail: 'รับภาพจาก CT01' };
      await database.db.transaction((tx) => sut.imagesReceived(tx, exam.id, new Date(), '1.2.9', event));
      expect(await examOf(exam.id)).toMatchObject({ status: 'Assigned', hasImage: true });
    });
  });

  describe('cold storage', () => {
    const system = (action: string) => ({ userId: null, userName: 'system', action, detail: action });

    it('shows Archive only while the study is still the exam’s and the exam is live', async () => {
      const exam = await freshScheduled();
      const [study] = await database.db
        .insert(dicomStudies)
        .values({ studyInstanceUid: `2.25.${Date.now()}`, examId: exam.id })
        .returning();
      const [other] = await database.db
        .insert(dicomStudies)
        .values({ studyInstanceUid: `2.25.${Date.now() + 1}` })
        .returning();
      const archived = (studyId: string) =>
        database.db.transaction((tx) => sut.archived(tx, exam.id, studyId, new Date(), system('archived')));
      expect(await archived(other!.id)).toBe(false);
      expect((await examOf(exam.id)).zipStatus).toBe(exam.zipStatus);
      expect(await archived(study!.id)).toBe(true);
      expect((await examOf(exam.id)).zipStatus).toBe('Archive');
    });

    it('takes a restore’s outcome only from Archive or Error', async () => {
      const exam = await freshScheduled();
      const restored = () => database.db.transaction((tx) => sut.restored(tx, exam.id, new Date(), system('unzipped')));
      await database.db.update(exams).set({ zipStatus: null }).where(eq(exams.id, exam.id));
      expect(await restored()).toBe(false);
      await database.db.update(exams).set({ zipStatus: 'Archive' }).where(eq(exams.id, exam.id));
      await database.db.transaction((tx) => sut.restoreFailed(tx, exam.id, new Date(), system('unzipFailed')));
      expect((await examOf(exam.id)).zipStatus).toBe('Error');
      expect(await restored()).toBe(true);
      expect((await examOf(exam.id)).zipStatus).toBe('Uploaded');
      expect((await eventsOf(exam.id)).map((e) => e.action).slice(-2)).toEqual(['unzipFailed', 'unzipped']);
    });
  });

  describe('procedure steps (MPPS)', () => {
    const step = (action: string) => ({ userId: null, userName: 'CT01', action, detail: 'MPPS' });

    it('starting arrives a Scheduled exam; a discontinued step sends it back only while it has no image', async () => {
      const exam = await freshScheduled();
      const start = () => database.db.transaction((tx) => sut.procedureStarted(tx, exam.id, new Date(), step('s')));
      const end = (outcome: 'completed' | 'discontinued') =>
        database.db.transaction((tx) => sut.procedureEnded(tx, exam.id, new Date(), outcome, step(outcome)));
      expect(await start()).toBe(true);
      expect(await examOf(exam.id)).toMatchObject({ status: 'Arrived', version: exam.version + 1 });
      expect(await end('discontinued')).toBe(true);
      expect((await examOf(exam.id)).status).toBe('Scheduled');
      await start();
      await database.db.update(exams).set({ hasImage: true }).where(eq(exams.id, exam.id));
      await end('discontinued');
      expect((await examOf(exam.id)).status).toBe('Arrived');
      await end('completed');
      expect(await examOf(exam.id)).toMatchObject({ status: 'Arrived', version: exam.version + 5 });
      expect((await eventsOf(exam.id)).map((e) => e.action).slice(-5)).toEqual([
        's',
        'discontinued',
        's',
        'discontinued',
        'completed',
      ]);
    });

    it('leaves a deleted exam alone', async () => {
      const exam = await freshScheduled();
      await database.db.update(exams).set({ deletedAt: new Date() }).where(eq(exams.id, exam.id));
      const before = (await eventsOf(exam.id)).length;
      expect(await database.db.transaction((tx) => sut.procedureStarted(tx, exam.id, new Date(), step('s')))).toBe(
        false,
      );
      expect(await examOf(exam.id)).toMatchObject({ status: 'Scheduled', version: exam.version });
      expect(await eventsOf(exam.id)).toHaveLength(before);
    });
  });

  it('gives an exam without a StudyInstanceUID one, once', async () => {
    const exam = await freshScheduled();
    await database.db.update(exams).set({ studyInstanceUid: null }).where(eq(exams.id, exam.id));
    const uid = await sut.ensureStudyInstanceUid(exam.id);
    expect(uid).toMatch(/^2\.25\.\d+$/);
    expect(await sut.ensureStudyInstanceUid(exam.id)).toBe(uid);
    const [{ n }] = (
      (await database.db.execute(sql`select count(*)::int as n from exams where study_instance_uid = ${uid}`)) as {
        rows: { n: number }[];
      }
    ).rows as [{ n: number }];
    expect(n).toBe(1);
  });
});
