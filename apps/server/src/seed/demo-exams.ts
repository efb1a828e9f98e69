import type { ExamStatus } from '@rangsi/domain';
import { bangkokMidnight, DAY, HOUR, MINUTE } from './bangkok-time';
import { EXAM_GROUP } from './data/products';
import { mustGet, type HospitalCtx, type OrgContext, type ProductCtx, type UserCtx } from './demo-org';
import { staffOf, type PatientCtx } from './demo-patients';
import { applyAudits, drawStatus, simulate, type ExamDraft, type Fixed, type RequestDraft } from './demo-workflow';
import type { Rng } from './prng';

export interface ExamPlanInput {
  rng: Rng;
  idRng: Rng;
  org: OrgContext;
  patients: PatientCtx[];
  /** Exams done over the last 30 days (scenario exams included). */
  pastExams: number;
  now: Date;
}

const MODALITY_WEIGHTS = [
  ['CR', 25],
  ['DX', 20],
  ['CT', 22],
  ['US', 18],
  ['MR', 10],
  ['MG', 5],
] as const;
const FEMALE_ONLY = new Set(['MR-BREAST', 'US-BREAST', 'MG-SCREEN', 'MG-DIAG', 'MG-SPOT']);
const MALE_ONLY = new Set(['MR-PROSTATE']);
const ADULT_ONLY = new Set(['CT-LDCT', 'CT-CTA-COR', 'MR-PROSTATE', 'CT-CAP']);

/** Builds every request and exam of the demo: scenarios first (the promises tests rely on), then the random bulk, then the future schedule. */
export function planExams(input: ExamPlanInput): RequestDraft[] {
  const { rng, now } = input;
  const planner = new Planner(input);
  const scenarioExams = planner.scenarios();
  let budget = input.pastExams - scenarioExams;
  while (budget > 0) budget -= planner.randomPast(budget);
  planner.futureSchedule(Math.max(3, Math.round(input.pastExams / 120)));
  const all = planner.requests;

  for (const r of all) for (const e of r.exams) applyAudits(rng, e, now);
  ensureAuditCoverage(rng, all, now);
  archiveOld(rng, all, now);
  holdSome(rng, all, now);
  return all;
}

class Planner {
  readonly requests: RequestDraft[] = [];
  constructor(private readonly input: ExamPlanInput) {}

  private get rng() {
    return this.input.rng;
  }
  private get now() {
    return this.input.now;
  }

  private hospital(code: string): HospitalCtx {
    return this.input.org.hospitals.find((h) => h.code === code) ?? this.input.org.hospitals[0]!;
  }

  private user(username: string): UserCtx {
    return mustGet(this.input.org.users, username);
  }

  private patientOf(h: HospitalCtx, filter: (p: PatientCtx) => boolean = () => true): PatientCtx {
    const own = this.input.patients.filter((p) => p.hospitalId === h.id);
    const fit = own.filter(filter);
    return this.rng.pick(fit.length > 0 ? fit : own.length > 0 ? own : this.input.patients);
  }

  private productFor(modalityCode: string, p: PatientCtx, emergency: boolean): ProductCtx | null {
    const options = this.input.org.products.filter(
      (x) =>
        x.modalityCode === modalityCode &&
        x.productGroup === EXAM_GROUP &&
        !(FEMALE_ONLY.has(x.code) && p.gender !== 'Female') &&
        !(MALE_ONLY.has(x.code) && p.gender !== 'Male') &&
        !(ADULT_ONLY.has(x.code) && p.age < 18),
    );
    if (options.length === 0) return null;
    if (emergency && modalityCode === 'CT') {
      const er = options.filter((x) =>
        ['CT-BRAIN-NC', 'CT-STROKE', 'CT-WHOLE-ABD', 'CT-CSPINE', 'CT-KUB'].includes(x.code),
      );
      if (er.length > 0) return this.rng.pick(er);
    }
    return this.rng.pick(options);
  }

  private modalitiesFor(p: PatientCtx, k: number): string[] {
    const allowed = MODALITY_WEIGHTS.filter(
      ([m]) =>
        !(m === 'MG' && (p.gender !== 'Female' || p.age < 35)) &&
        !(p.age < 15 && (m === 'MR' || m === 'CT') && this.rng.chance(0.7)),
    );
    const chosen: string[] = [];
    while (chosen.length < k && chosen.length < allowed.length) {
      const m = this.rng.weighted(allowed.filter(([x]) => !chosen.includes(x)));
      chosen.push(m);
    }
    return chosen;
  }

  private readerPicker(h: HospitalCtx): () => string {
    // The first reader of a hospital is its main one (doctor1 for H1 and H2).
    return () => this.rng.weighted(h.readers.map((id, i) => [id, i === 0 ? 3 : 1] as const));
  }

  private assignerFor(h: HospitalCtx): UserCtx {
    return this.rng.chance(0.85) ? staffOf(this.input.org, h.branchId) : this.user('admin');
  }

  private creatorFor(h: HospitalCtx): UserCtx {
    const org = this.input.org;
    const hospUser = [...org.users.values()].find((u) => u.roleName === 'Hospital' && u.hospitalId === h.id);
    return hospUser && this.rng.chance(0.3) ? hospUser : staffOf(org, h.branchId);
  }

  private newRequest(
    p: PatientCtx,
    appointmentAt: Date,
    opts: { emergency?: boolean; isSchedule?: boolean; ahead?: boolean } = {},
  ): RequestDraft {
    const h = this.input.org.hospitals.find((x) => x.id === p.hospitalId) ?? this.input.org.hospitals[0]!;
    const isSchedule = opts.isSchedule ?? (!opts.emergency && this.rng.chance(0.4));
    const createdAt = isSchedule
      ? new Date(
          Math.min(appointmentAt.getTime(), this.now.getTime()) -
            this.rng.int(1, 14) * DAY -
            this.rng.int(0, 600) * MINUTE,
        )
      : new Date(appointmentAt.getTime() - this.rng.int(5, 60) * MINUTE);
    const r: RequestDraft = {
      id: this.input.idRng.uuid(),
      patient: p,
      hospital: h,
      branch: mustGet(this.input.org.branchById, h.branchId),
      appointmentAt,
      isSchedule,
      ahead: opts.ahead ?? false,
      emergency: opts.emergency ?? false,
      createdAt,
      createdBy: this.creatorFor(h),
      exams: [],
      status: 'Active',
      statusRemark: null,
      custom: null,
    };
    this.requests.push(r);
    return r;
  }

  private addExam(r: RequestDraft, modalityCode: string, examDate: Date, product?: ProductCtx): ExamDraft | null {
    const prod = product ?? this.productFor(modalityCode, r.patient, r.emergency);
    if (!prod) return null;
    const d: ExamDraft = {
      id: this.input.idRng.uuid(),
      request: r,
      modalityCode,
      product: prod,
      examDate,
      status: 'Scheduled',
      noAccession: false,
      receivedAt: null,
      assignedAt: null,
      acceptedAt: null,
      rejectedAt: null,
      completedAt: null,
      reviewerId: null,
      assignerId: null,
      urgency: 'NotSpecified',
      expectedAt: null,
      dicomAudit: '',
      dicomAuditAt: null,
      reportAudit: '',
      reportAuditAt: null,
      zip: null,
      zipAt: null,
      message: null,
    };
    r.exams.push(d);
    return d;
  }

  private run(d: ExamDraft, target: ExamStatus, fixed: Fixed = {}): void {
    const h = d.request.hospital;
    simulate(this.rng, d, target, this.now, this.readerPicker(h), this.assignerFor(h), fixed);
  }

  /**
   * Hand-placed cases behind the demo's promises: reports due within the hour, overdue ones, unassigned arrivals,
   * one of every status, and exams still without an accession number. Returns how many exams it made.
   */
  scenarios(): number {
    const now = this.now.getTime();
    const at = (msAgo: number) => new Date(now - msAgo);
    const d1 = this.user('doctor1').id;
    const d2 = this.user('doctor2').id;
    let made = 0;
    const one = (
      hospital: string,
      modality: string,
      examAgoMs: number,
      target: ExamStatus,
      fixed: (exam: Date) => Fixed = () => ({}),
      emergency = false,
      productCode?: string,
    ) => {
      const h = this.hospital(hospital);
      const p = this.patientOf(h, (x) => x.age >= 18);
      const examDate = at(examAgoMs);
      const r = this.newRequest(p, examDate, { emergency, isSchedule: false });
      const product = productCode ? this.input.org.productByCode.get(productCode) : undefined;
      const d = this.addExam(r, modality, examDate, product);
      if (!d) return null;
      made++;
      if (!r.hospital.readers.length && target !== 'Scheduled' && target !== 'Arrived') target = 'Arrived';
      this.run(d, target, fixed(examDate));
      return d;
    };
    const rint = (a: number, b: number) => this.rng.int(a, b);

    // Due within the hour: assigned so that the preset runs out 10–50 minutes from now.
    const dueSoon = (
      hospital: string,
      reviewerId: string | undefined,
      urgency: 'ER' | 'RequestEmergency' | 'StrokeFastTrack',
      target: ExamStatus,
      product: string,
    ) => {
      const presetMin = urgency === 'StrokeFastTrack' ? 30 : 120;
      const assignedAt = at((presetMin - (urgency === 'StrokeFastTrack' ? rint(10, 20) : rint(10, 50))) * MINUTE);
      const receivedAt = new Date(assignedAt.getTime() - rint(3, 8) * MINUTE);
      const examAgo = now - receivedAt.getTime() + rint(5, 12) * MINUTE;
      one(
        hospital,
        'CT',
        examAgo,
        target,
        () => ({
          receivedAt,
          assignedAt,
          urgency,
          reviewerId,
          acceptedAt: target === 'Accepted' ? new Date(assignedAt.getTime() + 2 * MINUTE) : undefined,
        }),
        true,
        product,
      );
    };
    dueSoon('H1', d1, 'ER', 'Assigned', 'CT-BRAIN-NC');
    dueSoon('H2', d1, 'RequestEmergency', 'Accepted', 'CT-WHOLE-ABD');
    dueSoon('H3', undefined, 'StrokeFastTrack', 'Accepted', 'CT-STROKE');

    // Overdue: the expected time passed days ago and the report is still not in.
    one(
      'H1',
      'CT',
      4 * DAY + 2 * HOUR,
      'Assigned',
      () => ({ reviewerId: d1, urgency: 'RequestFast' }),
      false,
      'CT-CHEST-C',
    );
    one(
      'H2',
      'MR',
      3 * DAY + 5 * HOUR,
      'Accepted',
      () => ({ reviewerId: d1, urgency: 'NotSpecified', withIn: { day: 1, hour: 0 } }),
      false,
      'MR-LSPINE',
    );
    one('H4', 'CR', 5 * DAY, 'Assigned', () => ({ urgency: 'NotSpecified', withIn: { day: 2, hour: 0 } }));

    // Images in, nobody assigned yet.
    for (const h of ['H1', 'H3', 'H4']) one(h, this.rng.pick(['CT', 'CR', 'US']), rint(30, 180) * MINUTE, 'Arrived');

    // One of each remaining status for the main readers.
    one('H1', 'DX', 2 * DAY, 'Rejected', () => ({ reviewerId: d2 }));
    one('H3', 'CT', 30 * HOUR, 'Rejected');
    one('H1', 'CT', 6 * DAY, 'Completed', () => ({ reviewerId: d1, urgency: 'OPD' }), false, 'CT-WHOLE-ABD');
    one('H2', 'MR', 8 * DAY, 'Completed', () => ({ reviewerId: d1 }));
    one('H1', 'US', 3 * HOUR, 'Assigned', (exam) => ({
      reviewerId: d2,
      withIn: { day: 1, hour: 0 },
      assignedAt: new Date(exam.getTime() + 40 * MINUTE),
    }));
    one('H2', 'CR', 26 * HOUR, 'Assigned', () => ({ reviewerId: d1, withIn: { day: 2, hour: 0 } }));

    // Registered this morning, still waiting, and not yet given an accession number (EXAM_DELETE may remove these).
    for (const h of ['H1', 'H2', 'H3']) {
      const d = one(h, this.rng.pick(['CR', 'DX', 'US']), rint(20, 90) * MINUTE, 'Scheduled');
      if (d) d.noAccession = true;
    }
    return made;
  }

  /** One random past visit; returns the number of exams it used. */
  randomPast(budget: number): number {
    const rng = this.rng;
    const p = rng.pick(this.input.patients);
    const k = Math.min(
      budget,
      rng.weighted([
        [1, 70],
        [2, 22],
        [3, 8],
      ] as const),
    );
    const emergency = rng.chance(0.1);
    const dayStart = bangkokMidnight(this.now, -rng.int(0, 29));
    const minuteOfDay = emergency ? rng.int(0, 1439) : rng.int(8 * 6, 19 * 6 + 5) * 10;
    let appointmentAt = new Date(dayStart.getTime() + minuteOfDay * MINUTE);
    if (appointmentAt.getTime() > this.now.getTime() - 5 * MINUTE) {
      appointmentAt = new Date(this.now.getTime() - rng.int(5, 360) * MINUTE);
    }
    const r = this.newRequest(p, appointmentAt, { emergency });
    let used = 0;
    let t = appointmentAt.getTime() + rng.int(0, 15) * MINUTE;
    for (const m of this.modalitiesFor(p, k)) {
      const examDate = new Date(Math.min(t, this.now.getTime() - MINUTE));
      const d = this.addExam(r, m, examDate);
      if (!d) continue;
      used++;
      if (!r.hospital.readers.length) this.run(d, 'Arrived');
      else this.run(d, drawStatus(rng, examDate, this.now));
      t += rng.int(10, 40) * MINUTE;
    }
    if (used === 0) {
      this.requests.pop();
      return 1; // the budget still shrinks, so a patient who fits nothing cannot loop forever
    }
    return used;
  }

  /** Appointments for today and the next 7 days: what the modalities' worklist queries will find. */
  futureSchedule(perDay: number): void {
    const rng = this.rng;
    for (let day = 0; day <= 7; day++) {
      const dayStart = bangkokMidnight(this.now, day);
      // Today's appointments start after now where the day still has opening hours left.
      const earliest =
        day === 0
          ? Math.max(8 * 60, Math.ceil((this.now.getTime() - dayStart.getTime()) / MINUTE / 10) * 10 + 10)
          : 8 * 60;
      const latest = 19 * 60 + 30;
      for (let i = 0; i < perDay; i++) {
        // Rotating the start keeps every branch's stations busy even with a handful per day.
        const h = this.input.org.hospitals[(i + day) % this.input.org.hospitals.length]!;
        const p = this.patientOf(h);
        const minute = earliest <= latest ? rng.int(earliest / 10, latest / 10) * 10 : rng.int(8 * 6, 19 * 6) * 10;
        const appointmentAt = new Date(dayStart.getTime() + minute * MINUTE);
        const r = this.newRequest(p, appointmentAt, { isSchedule: true, ahead: true });
        // The first two of each day cover CT and MR so every station has work; the rest vary.
        const forced = i === 0 ? ['CT'] : i === 1 ? ['MR'] : null;
        const modalities = forced ?? this.modalitiesFor(p, rng.chance(0.8) ? 1 : 2);
        let t = appointmentAt.getTime();
        for (const m of modalities) {
          this.addExam(r, m, new Date(t));
          t += 30 * MINUTE;
        }
        if (r.exams.length === 0) this.requests.pop();
      }
    }
  }
}

/** Every audit value must appear at a branch that audits, even in a small demo; each value goes to a different exam. */
function ensureAuditCoverage(rng: Rng, all: RequestDraft[], now: Date): void {
  const exams = all.flatMap((r) => r.exams);
  const cover = (
    preferred: ExamDraft[],
    fallback: ExamDraft[],
    has: (e: ExamDraft) => string,
    set: (e: ExamDraft, v: 'WaitingForAudit' | 'Approved' | 'Rejected') => void,
  ) => {
    const used = new Set<ExamDraft>();
    for (const v of ['WaitingForAudit', 'Approved', 'Rejected'] as const) {
      const holder = preferred.find((e) => has(e) === v && !used.has(e));
      if (holder) {
        used.add(holder);
        continue;
      }
      const free = preferred.filter((e) => !used.has(e));
      const pool = free.length > 0 ? free : fallback.filter((e) => !used.has(e));
      if (pool.length === 0) return;
      const e = rng.pick(pool);
      used.add(e);
      set(e, v);
    }
  };
  const dicomAudited = exams.filter((e) => e.request.branch.dicomAuditRequired && e.receivedAt);
  cover(
    dicomAudited.filter((e) => e.status === 'Arrived'),
    dicomAudited,
    (e) => e.dicomAudit,
    (e, v) => {
      e.dicomAudit = v;
      e.dicomAuditAt =
        v === 'WaitingForAudit'
          ? null
          : new Date(Math.min(now.getTime(), (e.receivedAt ?? now).getTime() + 10 * MINUTE));
    },
  );
  const reportAudited = exams.filter((e) => e.request.branch.reportAuditRequired && e.status === 'Completed');
  cover(
    reportAudited,
    reportAudited,
    (e) => e.reportAudit,
    (e, v) => {
      e.reportAudit = v;
      e.reportAuditAt =
        v === 'WaitingForAudit'
          ? null
          : new Date(Math.min(now.getTime(), (e.completedAt ?? now).getTime() + 30 * MINUTE));
    },
  );
}

/** Old finished studies are archived (unzipped on demand); one recent export is ready and one failed. */
function archiveOld(rng: Rng, all: RequestDraft[], now: Date): void {
  const completed = all.flatMap((r) => r.exams).filter((e) => e.status === 'Completed' && e.completedAt);
  const old = completed.filter((e) => now.getTime() - e.examDate.getTime() > 20 * DAY);
  const chosen = new Set([...rng.sample(old, 3), ...old.filter(() => rng.chance(0.08))]);
  for (const e of chosen) {
    e.zip = 'Archive';
    e.zipAt = new Date(e.examDate.getTime() + 14 * DAY);
  }
  const recent = completed.filter((e) => !chosen.has(e) && now.getTime() - e.examDate.getTime() < 10 * DAY);
  const [uploaded, failed] = rng.sample(recent, 2);
  if (uploaded) {
    uploaded.zip = 'Uploaded';
    uploaded.zipAt = new Date(now.getTime() - 5 * MINUTE);
  }
  if (failed) {
    failed.zip = 'Error';
    failed.zipAt = new Date(now.getTime() - 3 * HOUR);
  }
}

const HOLD_REMARKS = [
  'รออนุมัติส่วนลดพิเศษ ผู้ป่วยสูงอายุรายได้น้อย',
  'ขอราคาพิเศษตามสัญญาโครงการตรวจสุขภาพ',
  'รอผู้อำนวยการอนุมัติราคาตามใบเสนอราคาเลขที่ QT-2025-118',
  'ขอลดค่าบริการ ผู้ป่วยตรวจซ้ำภายใน 7 วัน',
];

/**
 * A few requests wait on the Administrator with a pending custom price (spec §4 Hold); some others carry an
 * already approved or rejected proposal.
 */
function holdSome(rng: Rng, all: RequestDraft[], now: Date): void {
  const early = (r: RequestDraft) => r.exams.every((e) => e.status === 'Scheduled' || e.status === 'Arrived');
  const future = all.filter((r) => r.appointmentAt > now && early(r));
  const held = rng.sample(future, 3);
  const pastEarly = all.filter((r) => !held.includes(r) && early(r) && r.exams.some((e) => e.status === 'Arrived'));
  const extra = rng.sample(pastEarly, 1);
  for (const r of [...held, ...extra]) {
    r.status = 'Hold';
    r.statusRemark = rng.pick(HOLD_REMARKS);
    r.custom = 'Pending';
  }
  const rest = all.filter((r) => r.status === 'Active');
  for (const r of rng.sample(rest, Math.max(2, Math.round(rest.length * 0.015)))) r.custom = 'Approved';
  const stillPlain = rest.filter((r) => r.custom === null);
  const [rejected] = rng.sample(stillPlain, 1);
  if (rejected) rejected.custom = 'Rejected';
}
