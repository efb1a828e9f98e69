import type { RequestDetail, RequestSave } from '@rangsi/contract';
import { bangkokTimeNow } from '@/lib/typed-time';

/** What the request form edits; turned into the save payload by toSave. */
export interface RequestDraft {
  patientId: string;
  modalities: Record<string, number[]>;
  isSchedule: boolean;
  /** dd-MM-yyyy and HH:mm of the appointment when isSchedule. */
  scheduleDay: string;
  scheduleTime: string;
  examStartTime: string;
  examEndTime: string;
  hospitalId: number | null;
  privilegeId: number | null;
  paymentMethodId: number | null;
  doctor: Picked;
  building: Picked;
  research: Picked;
  /** The research subject of the research project dialog (spec §2): code, name and visit number. */
  researchSubject: ResearchSubject;
  techId: string;
  allergy: string[];
  remark: string;
  quantity: Record<string, string>;
  dose: Record<string, string>;
  /** Custom prices as typed (baht); an empty one removes it (spec §5). */
  custom: Record<string, string>;
  additional: Record<string, string>;
  /** Claim code from the health-coverage (NHSO) dialog. */
  nhsoClaimCode: string;
  version?: number;
}

/** A picker's choice: an existing id, or free text to add ("เพิ่ม "text""). */
export type Picked = { id: number; name: string } | { add: string } | null;

/** A research subject as the research project dialog edits it (blank: not given). */
export interface ResearchSubject {
  id: string;
  name: string;
  vn: string;
}

export const NO_RESEARCH_SUBJECT: ResearchSubject = { id: '', name: '', vn: '' };

/** The kept additional fields when modalities change (spec §5). */
export const KEPT_FIELDS = [
  'height',
  'weight',
  'bun',
  'creatinine',
  'egfr',
  'blood_test_date_bun',
  'blood_test_date_creatinine',
  'blood_test_date_egfr',
  'nhso_auth_code',
  'send_doctor_work_group',
];

/** The blood test dates, which fill each other while empty (spec §5). */
export const BLOOD_DATES = ['blood_test_date_bun', 'blood_test_date_creatinine', 'blood_test_date_egfr'] as const;

/** The draft with one additional field set; a blood test date fills the other blood test dates still empty (spec §5). */
export function withAdditionalField(d: RequestDraft, key: string, value: string): RequestDraft {
  const additional = { ...d.additional, [key]: value };
  if ((BLOOD_DATES as readonly string[]).includes(key) && value)
    for (const k of BLOOD_DATES) if (!additional[k]) additional[k] = value;
  return { ...d, additional };
}

/**
 * The draft with other products chosen. Spec §4/§5: removed products lose their custom price; a change of modalities
 * keeps only the listed additional fields.
 */
export function withModalities(d: RequestDraft, next: Record<string, number[]>): RequestDraft {
  const chosen = new Set(Object.values(next).flat().map(String));
  const codes = (m: Record<string, number[]>) =>
    Object.entries(m)
      .filter(([, l]) => l.length)
      .map(([k]) => k)
      .sort()
      .join();
  const custom = Object.fromEntries(Object.entries(d.custom).filter(([k]) => chosen.has(k)));
  const additional =
    codes(d.modalities) === codes(next)
      ? d.additional
      : Object.fromEntries(Object.entries(d.additional).filter(([k]) => KEPT_FIELDS.includes(k)));
  return { ...d, modalities: next, custom, additional };
}

/**
 * The draft with the appointment changed: a new request given a set date loses its start time (its exam has not
 * begun), and coming back to now gives it one again when there is none.
 */
export function withAppointment(
  d: RequestDraft,
  patch: Partial<Pick<RequestDraft, 'isSchedule' | 'scheduleDay' | 'scheduleTime'>>,
  nowMs = Date.now(),
): RequestDraft {
  const next = { ...d, ...patch };
  if (patch.isSchedule === true && !d.isSchedule && d.version === undefined) next.examStartTime = '';
  if (patch.isSchedule === false && d.isSchedule && !d.examStartTime)
    next.examStartTime = bangkokTimeNow(EXAM_TIME_STEP, nowMs);
  return next;
}

/** Time options every step minutes over 24 hours (HH:mm). */
export function timeOptions(step: number): string[] {
  const out: string[] = [];
  for (let m = 0; m < 24 * 60; m += step)
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return out;
}

/** Now rounded to the nearest 10 minutes in Bangkok (the default appointment time, spec §5). */
export function roundedBangkokNow(now = Date.now()): { day: string; time: string } {
  const step = 10 * 60_000;
  const local = new Date(Math.round(now / step) * step + 7 * 3_600_000).toISOString();
  return { day: `${local.slice(8, 10)}-${local.slice(5, 7)}-${local.slice(0, 4)}`, time: local.slice(11, 16) };
}

/** Spec §9: exam start and end step by 5 minutes. */
export const EXAM_TIME_STEP = 5;

/**
 * A new request is "ตรวจทันที" (now) unless an appointment is set, and an exam done now has begun: its start time is
 * now, so the desk can print the sticker and the invoice at once (issue 26 item 3).
 */
export function emptyDraft(patientId: string, nowMs = Date.now()): RequestDraft {
  const now = roundedBangkokNow(nowMs);
  return {
    patientId,
    modalities: {},
    isSchedule: false,
    scheduleDay: now.day,
    scheduleTime: now.time,
    examStartTime: bangkokTimeNow(EXAM_TIME_STEP, nowMs),
    examEndTime: '',
    hospitalId: null,
    privilegeId: null,
    paymentMethodId: null,
    doctor: null,
    building: null,
    research: null,
    researchSubject: NO_RESEARCH_SUBJECT,
    techId: '',
    allergy: [],
    remark: '',
    quantity: {},
    dose: {},
    custom: {},
    additional: {},
    nhsoClaimCode: '',
  };
}

export function draftFromDetail(d: RequestDetail): RequestDraft {
  const local = new Date(new Date(d.scheduleDateTime).getTime() + 7 * 3_600_000).toISOString();
  const str = (o: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(o).map(([k, v]) => [
        k,
        v === null || v === undefined
          ? ''
          : typeof v === 'object'
            ? JSON.stringify(v)
            : String(v as string | number | boolean),
      ]),
    );
  return {
    patientId: d.patientId,
    modalities: d.modalities,
    isSchedule: d.isSchedule,
    scheduleDay: `${local.slice(8, 10)}-${local.slice(5, 7)}-${local.slice(0, 4)}`,
    scheduleTime: local.slice(11, 16),
    examStartTime: d.examStartTime ?? '',
    examEndTime: d.examEndTime ?? '',
    hospitalId: d.hospitalId,
    privilegeId: d.privilageId,
    paymentMethodId: d.paymentMethodId,
    doctor: d.hospitalDoctorId ? { id: d.hospitalDoctorId, name: d.hospitalDoctor ?? '' } : null,
    building: d.hospitalBuildingId ? { id: d.hospitalBuildingId, name: d.hospitalBuilding ?? '' } : null,
    research: d.researchProjectId ? { id: d.researchProjectId, name: '' } : null,
    researchSubject: {
      id: d.researchProjectSubjectId ?? '',
      name: d.researchProjectSubjectName ?? '',
      vn: d.researchProjectVN ?? '',
    },
    techId: d.techId ?? '',
    allergy: d.allergy,
    remark: d.remark ?? '',
    quantity: Object.fromEntries(Object.entries(d.productQuantity).map(([k, v]) => [k, String(v)])),
    dose: d.productDose,
    custom:
      d.customProductPrice && d.customProductPrice.status !== 'Rejected' && d.customProductPrice.status !== 'Withdrawn'
        ? Object.fromEntries(d.customProductPrice.items.map((i) => [String(i.productId), String(i.price)]))
        : {},
    additional: str(d.additionalFields),
    nhsoClaimCode: d.nhsoClaimCode ?? '',
    version: d.version,
  };
}

/** The appointment instant of a dd-MM-yyyy day and HH:mm time in Bangkok. */
export function bangkokInstant(day: string, time: string): string | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(day);
  if (!m || !/^\d{2}:\d{2}$/.test(time)) return null;
  const year = Number(m[3]) >= 2400 ? Number(m[3]) - 543 : Number(m[3]);
  return new Date(`${year}-${m[2]}-${m[1]}T${time}:00+07:00`).toISOString();
}

export function toSave(d: RequestDraft): RequestSave {
  const num = (s: string | undefined) => (s === undefined || s.trim() === '' ? undefined : Number(s));
  const chosen = new Set(Object.values(d.modalities).flat().map(String));
  const additional = Object.fromEntries(Object.entries(d.additional).filter(([, v]) => v !== ''));
  return {
    patientId: d.patientId,
    modalities: Object.fromEntries(Object.entries(d.modalities).filter(([, ids]) => ids.length > 0)),
    isSchedule: d.isSchedule,
    scheduleDateTime: d.isSchedule ? bangkokInstant(d.scheduleDay, d.scheduleTime) : null,
    examStartTime: d.examStartTime || null,
    examEndTime: d.examEndTime || null,
    allergy: d.allergy,
    hospitalId: d.hospitalId ?? 0,
    privilageId: d.privilegeId,
    paymentMethodId: d.paymentMethodId,
    hospitalDoctorId: d.doctor && 'id' in d.doctor ? d.doctor.id : null,
    hospitalDoctorId_add: d.doctor && 'add' in d.doctor ? d.doctor.add : null,
    hospitalBuildingId: d.building && 'id' in d.building ? d.building.id : null,
    hospitalBuildingId_add: d.building && 'add' in d.building ? d.building.add : null,
    researchProjectId: d.research && 'id' in d.research ? d.research.id : null,
    researchProjectId_add: d.research && 'add' in d.research ? d.research.add : null,
    researchProjectSubjectId: d.researchSubject.id.trim() || null,
    researchProjectSubjectName: d.researchSubject.name.trim() || null,
    researchProjectVN: d.researchSubject.vn.trim() || null,
    techId: d.techId || null,
    remark: d.remark || null,
    productQuantity: Object.fromEntries(
      Object.entries(d.quantity)
        .filter(([k, v]) => chosen.has(k) && v !== '')
        .map(([k, v]) => [k, Number(v)]),
    ),
    productDose: Object.fromEntries(Object.entries(d.dose).filter(([k, v]) => chosen.has(k) && v.trim() !== '')),
    additionalFields: additional,
    documentIds: [],
    nhsoClaimCode: d.nhsoClaimCode || null,
    customProductPrice: {
      items: Object.entries(d.custom)
        .filter(([k, v]) => chosen.has(k) && v.trim() !== '')
        .map(([k, v]) => ({ productId: Number(k), price: num(v) ?? 0 })),
    },
    version: d.version,
  };
}
