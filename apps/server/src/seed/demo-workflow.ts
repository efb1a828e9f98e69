import {
  expectedReportDate,
  urgencyToDuration,
  type AuditStatus,
  type ExamStatus,
  type ReportUrgency,
  type ZipStatus,
} from '@rangsi/domain';
import { DAY, HOUR, MINUTE } from './bangkok-time';
import type { BranchCtx, HospitalCtx, ProductCtx, UserCtx } from './demo-org';
import type { PatientCtx } from './demo-patients';
import type { Rng } from './prng';

export interface RequestDraft {
  id: string;
  patient: PatientCtx;
  hospital: HospitalCtx;
  branch: BranchCtx;
  appointmentAt: Date;
  isSchedule: boolean;
  /** Booked for today or the coming week (the worklist's future), not part of the past month. */
  ahead: boolean;
  /** Walk-in emergency: CT urgencies are the fast ones, assignment is quick. */
  emergency: boolean;
  createdAt: Date;
  createdBy: UserCtx;
  exams: ExamDraft[];
  status: 'Active' | 'Hold';
  statusRemark: string | null;
  custom: 'Pending' | 'Approved' | 'Rejected' | null;
}

export interface ExamDraft {
  id: string;
  request: RequestDraft;
  modalityCode: string;
  product: ProductCtx;
  examDate: Date;
  status: ExamStatus;
  noAccession: boolean;
  receivedAt: Date | null;
  assignedAt: Date | null;
  acceptedAt: Date | null;
  rejectedAt: Date | null;
  completedAt: Date | null;
  reviewerId: string | null;
  assignerId: string | null;
  urgency: ReportUrgency;
  expectedAt: Date | null;
  dicomAudit: AuditStatus;
  dicomAuditAt: Date | null;
  reportAudit: AuditStatus;
  reportAuditAt: Date | null;
  zip: ZipStatus | null;
  zipAt: Date | null;
  message: string | null;
}

/** What a scenario pins down; anything left out is drawn at random. */
export interface Fixed {
  receivedAt?: Date;
  assignedAt?: Date;
  acceptedAt?: Date;
  reviewerId?: string;
  urgency?: ReportUrgency;
  /** Manual expected-time entry of the assign dialog when the urgency is NotSpecified; null = no deadline. */
  withIn?: { day: number; hour: number } | null;
}

export const ASSIGN_MESSAGES = [
  'ผู้ป่วยรอผลที่ห้องฉุกเฉิน',
  'ขอผลด่วนก่อนผ่าตัด',
  'เทียบกับฟิล์มเก่าด้วยครับ',
  'Suspected acute stroke, onset 2 hr',
  'R/O appendicitis',
  'F/U post chemotherapy',
  'R/O pulmonary embolism',
  'ผู้ป่วยนัดพบแพทย์พรุ่งนี้เช้า',
];
export const REJECT_REASONS = [
  'ไม่ใช่ความเชี่ยวชาญเฉพาะทาง ขอส่งต่อแพทย์ท่านอื่น',
  'ภาพไม่ครบ series ขอให้ส่งภาพใหม่',
  'ลาพักร้อน ขอให้มอบหมายใหม่',
];

const ageWeights = (ageHours: number): (readonly [ExamStatus, number])[] =>
  ageHours > 72
    ? [
        ['Completed', 86],
        ['Accepted', 3],
        ['Assigned', 3],
        ['Arrived', 3],
        ['Rejected', 2],
        ['Scheduled', 3],
      ]
    : ageHours > 24
      ? [
          ['Completed', 55],
          ['Accepted', 12],
          ['Assigned', 12],
          ['Arrived', 12],
          ['Rejected', 3],
          ['Scheduled', 6],
        ]
      : [
          ['Completed', 25],
          ['Accepted', 15],
          ['Assigned', 20],
          ['Arrived', 25],
          ['Rejected', 3],
          ['Scheduled', 12],
        ];

/** The status a past exam has most likely reached by now, given how long ago it was done. */
export function drawStatus(rng: Rng, examDate: Date, now: Date): ExamStatus {
  return rng.weighted(ageWeights((now.getTime() - examDate.getTime()) / HOUR));
}

function drawUrgency(rng: Rng, d: ExamDraft): ReportUrgency {
  if (d.modalityCode !== 'CT') return 'NotSpecified'; // spec §5: the urgency choice is offered for CT only
  return d.request.emergency
    ? rng.weighted([
        ['StrokeFastTrack', 2],
        ['ER', 6],
        ['RequestEmergency', 2],
      ] as const)
    : rng.weighted([
        ['NotSpecified', 3],
        ['RequestFast', 3],
        ['OPD', 4],
      ] as const);
}

function drawWithIn(rng: Rng, d: ExamDraft): { day: number; hour: number } | null {
  if (d.request.emergency) return rng.chance(0.6) ? { day: 0, hour: 2 } : null;
  return rng.weighted([
    [null, 3],
    [{ day: 1, hour: 0 }, 3],
    [{ day: 2, hour: 0 }, 2],
    [{ day: 3, hour: 0 }, 2],
  ] as const);
}

const after = (at: Date, minMinutes: number, maxMinutes: number, rng: Rng) =>
  new Date(at.getTime() + rng.int(minMinutes * 60, maxMinutes * 60) * 1000);

/**
 * Walks an exam through the reading workflow towards `target`, stopping at the last step that lies before `now`,
 * so timestamps always respect examDate ≤ received ≤ assigned ≤ accepted ≤ completed ≤ now.
 */
export function simulate(
  rng: Rng,
  d: ExamDraft,
  target: ExamStatus,
  now: Date,
  pickReviewer: () => string,
  assigner: UserCtx,
  fixed: Fixed = {},
): void {
  d.status = 'Scheduled';
  if (target === 'Scheduled') return;
  const nowMs = now.getTime();
  const received = fixed.receivedAt ?? after(d.examDate, 3, 25, rng);
  if (received.getTime() > nowMs) return;
  d.receivedAt = received;
  d.status = 'Arrived';
  if (target === 'Arrived') return;

  const urgency = fixed.urgency ?? drawUrgency(rng, d);
  const fast =
    urgency === 'StrokeFastTrack' || urgency === 'ER' || urgency === 'RequestEmergency' || d.request.emergency;
  const assigned = fixed.assignedAt ?? after(received, fast ? 2 : 10, fast ? 20 : 240, rng);
  if (assigned.getTime() > nowMs) return;
  d.assignedAt = assigned;
  d.assignerId = assigner.id;
  d.reviewerId = fixed.reviewerId ?? pickReviewer();
  d.urgency = urgency;
  d.expectedAt =
    urgency === 'NotSpecified'
      ? expectedReportDate(assigned, {
          minute: 0,
          ...(('withIn' in fixed ? fixed.withIn : drawWithIn(rng, d)) ?? { day: 0, hour: 0 }),
        })
      : expectedReportDate(assigned, urgencyToDuration(urgency));
  d.message = rng.chance(fast ? 0.5 : 0.15) ? rng.pick(ASSIGN_MESSAGES) : null;
  d.status = 'Assigned';
  if (target === 'Assigned') return;

  if (target === 'Rejected') {
    const rejected = after(assigned, 5, 120, rng);
    if (rejected.getTime() > nowMs) return;
    d.rejectedAt = rejected;
    d.message = rng.pick(REJECT_REASONS);
    d.status = 'Rejected';
    return;
  }

  const accepted = fixed.acceptedAt ?? after(assigned, fast ? 1 : 5, fast ? 10 : 300, rng);
  if (accepted.getTime() > nowMs) return;
  d.acceptedAt = accepted;
  d.status = 'Accepted';
  if (target === 'Accepted') return;

  // Most reports land inside the expected window; one in ten is late.
  const windowMs = d.expectedAt
    ? Math.max(10 * MINUTE, d.expectedAt.getTime() - accepted.getTime())
    : rng.int(30, 2880) * MINUTE;
  const share = rng.chance(0.9) ? 0.1 + rng.next() * 0.85 : 1 + rng.next() * 0.5;
  const completed = new Date(accepted.getTime() + Math.round(windowMs * share));
  if (completed.getTime() > nowMs) return;
  d.completedAt = completed;
  d.status = 'Completed';
}

const clampNow = (at: Date, now: Date) => (at.getTime() > now.getTime() ? now : at);

/** Image and report approval where the branch requires it (spec §4 Audit). */
export function applyAudits(rng: Rng, d: ExamDraft, now: Date): void {
  const branch = d.request.branch;
  if (branch.dicomAuditRequired && d.receivedAt) {
    d.dicomAudit =
      d.status === 'Arrived'
        ? rng.weighted([
            ['WaitingForAudit', 5],
            ['Approved', 4],
            ['Rejected', 1],
          ] as const)
        : 'Approved';
    d.dicomAuditAt = d.dicomAudit === 'WaitingForAudit' ? null : clampNow(after(d.receivedAt, 2, 30, rng), now);
    if (d.assignedAt && d.dicomAuditAt && d.dicomAuditAt > d.assignedAt) d.dicomAuditAt = d.assignedAt;
  }
  if (branch.reportAuditRequired && d.completedAt) {
    const recent = now.getTime() - d.completedAt.getTime() < DAY;
    d.reportAudit = recent
      ? rng.weighted([
          ['WaitingForAudit', 60],
          ['Approved', 35],
          ['Rejected', 5],
        ] as const)
      : rng.weighted([
          ['WaitingForAudit', 5],
          ['Approved', 92],
          ['Rejected', 3],
        ] as const);
    d.reportAuditAt = d.reportAudit === 'WaitingForAudit' ? null : clampNow(after(d.completedAt, 10, 600, rng), now);
  }
}
