import type {
  accessionSequences,
  customPrices,
  examEvents,
  exams,
  requestProducts,
  requests,
} from '../db/schema/index';
import { bangkokHhMm, bangkokYyMmDd, dicomDateTime, DAY, MINUTE } from './bangkok-time';
import { BREAST_DENSITIES, CONTRAST_TYPES } from './data/additional-fields';
import { PRIVILEGE_PAYMENT_CODE, PRIVILEGE_UCS } from './data/organization';
import { FILM_GROUP } from './data/products';
import { dutyKey, mustGet, type OrgContext, type ProductCtx, type UserCtx } from './demo-org';
import { staffOf } from './demo-patients';
import type { ExamDraft, RequestDraft } from './demo-workflow';
import type { Rng } from './prng';
import { bangkokDayOf } from '@rangsi/domain';

export interface DemoRows {
  requests: (typeof requests.$inferInsert)[];
  requestProducts: (typeof requestProducts.$inferInsert)[];
  customPrices: (typeof customPrices.$inferInsert)[];
  exams: (typeof exams.$inferInsert)[];
  events: (typeof examEvents.$inferInsert)[];
  sequences: (typeof accessionSequences.$inferInsert)[];
}

type Actor = Pick<UserCtx, 'id' | 'displayName'>;

const REQUEST_REMARKS = [
  'ผู้ป่วยใช้รถเข็น',
  'เคยแพ้สารทึบรังสี ได้รับยา premedication แล้ว',
  'ขอผลภายในวัน',
  'ผู้ป่วยหูตึง กรุณาพูดเสียงดัง',
  'มาพร้อมญาติ',
  'ผู้ป่วยนอนเปล (stretcher)',
  'ต้องการแผ่น CD ภาพ',
];
const EXAM_REMARKS = ['ผู้ป่วยขยับระหว่างตรวจ ภาพบางส่วนไม่ชัด', 'ทำเพิ่ม delayed phase ตามแพทย์สั่ง', 'ผู้ป่วยให้ความร่วมมือดี'];

/** Turns the planned requests and exams into table rows: prices, accession numbers, DICOM attributes, the log. */
export function buildRows(rng: Rng, org: OrgContext, drafts: RequestDraft[], now: Date): DemoRows {
  const out: DemoRows = { requests: [], requestProducts: [], customPrices: [], exams: [], events: [], sequences: [] };
  const accession = assignAccessions(drafts, out);
  const userName = new Map([...org.users.values()].map((u) => [u.id, u.displayName]));
  const admin = mustGet(org.users, 'admin');
  const clamp = (at: Date) => (at.getTime() > now.getTime() ? now : at);

  for (const r of drafts) {
    const privilege = rng.weighted(r.hospital.privileges.map((p) => [p, privilegeWeight(p.name)] as const));
    const paymentCodes = PRIVILEGE_PAYMENT_CODE[privilege.name] ?? ['CASH'];
    const payments = (org.lookups.get('paymentMethod') ?? []).filter((l) => l.code && paymentCodes.includes(l.code));
    const doctor = rng.pick(r.hospital.doctors);
    const performed = r.exams.filter((e) => e.receivedAt);
    const first = performed[0];
    const creator = r.createdBy;
    const nhso = privilege.name === PRIVILEGE_UCS ? `PP${rng.digits(10)}` : null;
    const research = rng.chance(0.02) ? rng.pick(org.lookups.get('researchProject') ?? []) : null;

    // Price: custom (when proposed and not rejected) → privilege → default (spec §5).
    const privPrices = org.privilegePrices.get(privilege.id);
    const baseOf = (p: ProductCtx) => privPrices?.get(p.id) ?? p.defaultPriceSatang;
    const customItems = r.custom
      ? r.exams.map((e) => ({
          productId: e.product.id,
          priceSatang: Math.max(
            10_000,
            Math.round((baseOf(e.product) * (r.custom === 'Pending' ? 0.7 : 0.8)) / 10_000) * 10_000,
          ),
        }))
      : [];
    const customOf = new Map(
      r.custom && r.custom !== 'Rejected' ? customItems.map((i) => [i.productId, i.priceSatang]) : [],
    );
    if (r.custom) {
      out.customPrices.push({
        requestId: r.id,
        items: customItems,
        status: r.custom,
        createdBy: creator.id,
        createdAt: r.createdAt,
        decidedBy: r.custom === 'Pending' ? null : admin.id,
        decidedAt: r.custom === 'Pending' ? null : clamp(new Date(r.createdAt.getTime() + 3 * 3_600_000)),
      });
    }
    const line = (product: ProductCtx, quantity = 1, dose: string | null = null) =>
      out.requestProducts.push({
        requestId: r.id,
        productId: product.id,
        quantity,
        dose,
        unitPriceSatang: customOf.get(product.id) ?? baseOf(product),
      });

    for (const e of r.exams) {
      line(e.product);
      if (e.product.contrastCode) {
        const medium = mustGet(org.productByCode, e.product.contrastCode);
        line(
          medium,
          1,
          e.modalityCode === 'MR'
            ? medium.code === 'MR-GADOBUTROL'
              ? '7.5'
              : String(rng.int(10, 15))
            : String(rng.int(6, 10) * 10),
        );
      }
      if (e.product.code === 'CT-WHOLE-ABD' && rng.chance(0.3)) line(mustGet(org.productByCode, 'CT-ORAL'), 1, '100');
      const film = org.products.find((p) => p.modalityCode === e.modalityCode && p.productGroup === FILM_GROUP);
      if (film && rng.chance(0.12)) {
        const sheets = rng.int(1, 3);
        line(film, sheets, String(sheets));
      }
    }

    out.requests.push({
      id: r.id,
      patientId: r.patient.id,
      branchId: r.branch.id,
      hospitalId: r.hospital.id,
      privilegeId: privilege.id,
      appointmentAt: r.appointmentAt,
      isSchedule: r.isSchedule,
      examStartTime: first ? bangkokHhMm(first.examDate) : null,
      examEndTime: first ? bangkokHhMm(new Date(first.examDate.getTime() + rng.int(3, 9) * 5 * MINUTE)) : null,
      paymentMethodId: payments.length > 0 ? rng.pick(payments).id : null,
      hospitalDoctorId: doctor.id,
      hospitalBuildingId: rng.chance(0.8) ? rng.pick(r.hospital.buildingIds) : null,
      techId: first ? staffOf(org, r.branch.id).id : null,
      researchProjectId: research?.id ?? null,
      researchProjectSubjectId: research ? `${research.code ?? 'RP'}-${rng.digits(4)}` : null,
      researchProjectSubjectName: research ? `${r.patient.firstNameTh} ${r.patient.lastNameTh}` : null,
      researchProjectVN: research ? `VN${bangkokYyMmDd(r.appointmentAt)}${rng.digits(4)}` : null,
      allergies: r.patient.allergies,
      additionalFields: additionalFieldsFor(rng, org, r, nhso),
      remark: rng.chance(0.1) ? rng.pick(REQUEST_REMARKS) : null,
      status: r.status,
      statusRemark: r.statusRemark,
      nhsoClaimCode: nhso,
      createdBy: creator.id,
      createdAt: r.createdAt,
      updatedAt: r.createdAt,
    });

    for (const e of r.exams) {
      const station = `${e.modalityCode}${r.branch.station}`;
      const events: (typeof examEvents.$inferInsert)[] = [];
      const log = (at: Date, user: Actor | null, action: string, detail: string | null, name?: string) =>
        events.push({
          examId: e.id,
          at: clamp(at),
          userId: user?.id ?? null,
          userName: name ?? user?.displayName ?? 'system',
          action,
          detail,
        });
      const actor = (id: string | null): Actor | null => (id ? { id, displayName: userName.get(id) ?? '' } : null);
      const reviewer = actor(e.reviewerId);
      const assigner = actor(e.assignerId);
      const approver = staffOf(org, r.branch.id);

      log(r.createdAt, creator, 'created', `สร้างใบส่งตรวจ: ${e.product.name}`);
      if (e.receivedAt)
        log(e.receivedAt, null, 'imagesReceived', `รับภาพจาก ${station} จำนวน ${rng.int(2, 9)} series`, station);
      if (e.dicomAuditAt)
        log(
          e.dicomAuditAt,
          approver,
          e.dicomAudit === 'Approved' ? 'dicomApproved' : 'dicomRejected',
          e.dicomAudit === 'Rejected' ? 'ภาพไม่ครบตามโปรโตคอล ขอส่งใหม่' : null,
        );
      if (e.assignedAt && reviewer)
        log(e.assignedAt, assigner, 'assigned', `มอบหมายให้ ${reviewer.displayName} (${e.urgency})`);
      if (e.rejectedAt && reviewer) log(e.rejectedAt, reviewer, 'rejected', e.message);
      if (e.acceptedAt && reviewer) log(e.acceptedAt, reviewer, 'accepted', null);
      if (e.completedAt && reviewer) log(e.completedAt, reviewer, 'reported', 'บันทึกผลการอ่าน (final)');
      if (e.reportAuditAt)
        log(
          e.reportAuditAt,
          approver,
          e.reportAudit === 'Approved' ? 'reportApproved' : 'reportRejected',
          e.reportAudit === 'Rejected' ? 'กรุณาตรวจสอบ impression อีกครั้ง' : null,
        );
      if (e.zip === 'Archive' && e.zipAt) log(e.zipAt, null, 'archived', 'ย้ายภาพไปเก็บในคลังระยะยาว');
      out.events.push(...events);

      const dicom = dicomDateTime(e.examDate);
      const specific = e.reviewerId !== null && rng.chance(0.05);
      const completed = e.status === 'Completed';
      const onDuty =
        e.assignedAt !== null &&
        e.reviewerId !== null &&
        org.duty.get(dutyKey(r.branch.id, bangkokDayOf(e.assignedAt))) === e.reviewerId;
      const lastAt = events.reduce((m, ev) => (ev.at && ev.at > m ? ev.at : m), r.createdAt);
      out.exams.push({
        id: e.id,
        requestId: r.id,
        patientId: r.patient.id,
        branchId: r.branch.id,
        hospitalId: r.hospital.id,
        accessionNumber: accession.get(e.id) ?? null,
        modalityCode: e.modalityCode,
        description: e.product.name,
        bodyPart: e.product.bodyPart,
        examDate: e.examDate,
        receivedAt: e.receivedAt,
        expectedAt: e.expectedAt,
        status: e.status,
        hn: r.patient.hn,
        prefixName: r.patient.prefixTh,
        firstName: r.patient.firstNameTh,
        lastName: r.patient.lastNameTh,
        birthDate: r.patient.birthDate,
        gender: r.patient.gender,
        reviewerId: e.reviewerId,
        specificReviewerId: specific ? e.reviewerId : null,
        isSpecific: specific,
        assignedAt: e.reviewerId !== null ? e.assignedAt : null,
        isOnDuty: onDuty,
        isChainCase: e.reviewerId !== null && rng.chance(0.03),
        reportUrgency: e.urgency,
        latestMessage: e.message,
        latestReporterId: completed ? e.reviewerId : null,
        isCheckReport: completed && rng.chance(0.08),
        isRead: completed && rng.chance(0.5),
        isCritical: completed && ['CT', 'CR', 'MR'].includes(e.modalityCode) && rng.chance(0.04),
        hasImage: e.receivedAt !== null,
        hasNote: e.receivedAt !== null && rng.chance(0.08),
        dicomAuditStatus: e.dicomAudit,
        reportAuditStatus: e.reportAudit,
        zipStatus: e.zip,
        zipStatusUpdatedAt: e.zipAt,
        remark: e.receivedAt && rng.chance(0.04) ? rng.pick(EXAM_REMARKS) : null,
        studyInstanceUid: `2.25.${BigInt(`0x${e.id.replaceAll('-', '')}`).toString()}`,
        dicomPatientId: r.patient.hn,
        issuerOfPatientId: r.hospital.code,
        referringPhysicianId: `${r.hospital.code}-D${String(doctor.id).padStart(3, '0')}`,
        referringPhysicianName: doctor.name,
        studyDate: dicom.date,
        studyTime: dicom.time,
        institutionalDepartment: 'Radiology',
        sendingApplication: r.hospital.sendingApplication,
        scheduledStationAeTitle: station,
        createdAt: r.createdAt,
        updatedAt: lastAt,
      });
    }
  }
  return out;
}

function privilegeWeight(name: string): number {
  return (
    ({ ชำระเงินเอง: 40, ประกันสังคม: 25, 'สปสช./บัตรทอง': 20, 'ข้าราชการ/กรมบัญชีกลาง': 15 } as Record<string, number>)[
      name
    ] ?? 10
  );
}

/**
 * {branch}{yyMMdd}{seq:4} in order of exam time within each branch and Bangkok day, and the sequence rows that make
 * later numbers continue after the demo's.
 */
function assignAccessions(drafts: RequestDraft[], out: DemoRows): Map<string, string> {
  const all = drafts.flatMap((r) => r.exams).filter((e) => !e.noAccession);
  all.sort((a, b) => a.examDate.getTime() - b.examDate.getTime() || a.id.localeCompare(b.id));
  const last = new Map<string, { branchId: number; day: string; value: number }>();
  const numbers = new Map<string, string>();
  for (const e of all) {
    const branch = e.request.branch;
    const day = bangkokDayOf(e.examDate);
    const key = `${branch.id}|${day}`;
    const seq = (last.get(key)?.value ?? 0) + 1;
    last.set(key, { branchId: branch.id, day, value: seq });
    numbers.set(e.id, `${branch.code}${bangkokYyMmDd(e.examDate)}${String(seq).padStart(4, '0')}`);
  }
  for (const s of last.values()) out.sequences.push({ branchId: s.branchId, day: s.day, lastValue: s.value });
  return numbers;
}

function additionalFieldsFor(rng: Rng, org: OrgContext, r: RequestDraft, nhso: string | null): Record<string, unknown> {
  const p = r.patient;
  const f: Record<string, unknown> = {};
  const modalities = new Set(r.exams.map((e) => e.modalityCode));
  const contrast = r.exams.some((e: ExamDraft) => e.product.contrastCode);
  if (modalities.has('CT') || modalities.has('MR') || rng.chance(0.5)) {
    f.weight =
      p.age < 15
        ? Math.round(8 + p.age * 3 + rng.int(-3, 5))
        : rng.int(p.gender === 'Male' ? 52 : 42, p.gender === 'Male' ? 98 : 85);
    f.height =
      p.age < 15
        ? Math.round(75 + p.age * 6 + rng.int(-5, 5))
        : rng.int(p.gender === 'Male' ? 158 : 148, p.gender === 'Male' ? 185 : 172);
  }
  if (contrast || ((modalities.has('CT') || modalities.has('MR')) && rng.chance(0.5))) {
    const impaired = rng.chance(0.12);
    const creatinine = impaired ? 1.6 + rng.int(0, 20) / 10 : 0.5 + rng.int(0, 9) / 10;
    const testDay = bangkokDayOf(new Date(r.appointmentAt.getTime() - rng.int(0, 14) * DAY));
    f.bun = rng.int(impaired ? 25 : 7, impaired ? 60 : 22);
    f.creatinine = Math.round(creatinine * 10) / 10;
    f.egfr = Math.max(8, Math.min(125, Math.round(141 * Math.pow(creatinine / 0.9, -1.2) * Math.pow(0.993, p.age))));
    f.blood_test_date_bun = testDay;
    f.blood_test_date_creatinine = testDay;
    f.blood_test_date_egfr = testDay;
  }
  if (nhso) f.nhso_auth_code = nhso;
  const groups = (org.lookups.get('doctorSendWorkingGroup') ?? []).map((g) => g.name);
  if (groups.length > 0 && rng.chance(0.4)) f.send_doctor_work_group = rng.pick(groups);
  if (modalities.has('CT')) {
    const ct = r.exams.find((e) => e.modalityCode === 'CT');
    f.ct_contrast_type = ct?.product.contrastCode ? CONTRAST_TYPES[1] : CONTRAST_TYPES[0];
    if (ct?.product.contrastCode) f.contrast_consent = true;
  }
  if (p.gender === 'Female' && p.age >= 12 && p.age <= 50 && ['CT', 'CR', 'DX', 'MR'].some((m) => modalities.has(m))) {
    f.pregnancy_status = rng.weighted([
      ['ไม่ตั้งครรภ์', 9],
      ['ไม่แน่ใจ', 1],
    ] as const);
    if (f.pregnancy_status === 'ไม่แน่ใจ')
      f.lmp_date = bangkokDayOf(new Date(r.appointmentAt.getTime() - rng.int(10, 40) * DAY));
  }
  if (modalities.has('MR')) {
    f.mr_implant = rng.chance(0.9)
      ? 'ไม่มี'
      : rng.pick(['Coronary stent (2019)', 'ข้อเข่าเทียมข้างขวา (titanium)', 'Pacemaker MRI-conditional']);
    f.claustrophobia = rng.chance(0.08);
  }
  if (modalities.has('MG')) {
    f.breast_density = rng.pick(BREAST_DENSITIES);
    f.prior_mammogram = rng.chance(0.6) ? 'เคย' : 'ไม่เคย';
    if (f.prior_mammogram === 'เคย')
      f.prior_mammogram_date = bangkokDayOf(new Date(r.appointmentAt.getTime() - rng.int(330, 800) * DAY));
    f.breast_symptom = ['ไม่มีอาการ'];
  }
  if (modalities.has('US') && r.exams.some((e) => e.product.bodyPart === 'ABDOMEN')) f.npo_status = true;
  return f;
}
