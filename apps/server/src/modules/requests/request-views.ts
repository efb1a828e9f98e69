import type { RequestDetail, RequestSearchResult } from '@rangsi/contract';
import {
  ageInYears,
  CONTRAST_PRODUCT_GROUP,
  examStatusFlags,
  requiredRequestDocumentCodes,
  satangToBaht,
} from '@rangsi/domain';
import { EMPTY_BILLING_FACTS, type RequestBillingFacts } from './request-billing-port';
import type { RequestListRow, RequestRow, RequestsRepository } from './requests.repository';

type Rows<K extends keyof RequestsRepository> = RequestsRepository[K] extends (...a: never[]) => Promise<infer R>
  ? R
  : never;

/** The patient's Thai name as the request list and form show it: the prefix glued to the first name (decision D19). */
export function fullName(p: {
  prefixTh: string | null;
  firstNameTh: string;
  middleNameTh: string | null;
  lastNameTh: string | null;
}): string {
  return [`${p.prefixTh ?? ''}${p.firstNameTh}`, p.middleNameTh, p.lastNameTh].filter(Boolean).join(' ');
}

/** Names of the documents the request's products require that none of its documents is (spec §5, decision RQ4). */
export function missingDocuments(
  products: { modalityCode: string; productGroup: string }[],
  documentTypeIds: (number | null)[],
  types: { id: number; code: string | null; name: string }[],
): string[] {
  const required = requiredRequestDocumentCodes({
    modalityCodes: products.map((f) => f.modalityCode),
    hasContrast: products.some((f) => f.productGroup === CONTRAST_PRODUCT_GROUP),
  });
  const have = new Set(documentTypeIds);
  return required
    .map((code) => types.find((t) => t.code === code))
    .filter((t) => t && !have.has(t.id))
    .map((t) => t!.name);
}

/** One row of the request list (spec §3 Request list). */
export function toListRow(
  r: RequestListRow,
  billing: RequestBillingFacts | undefined,
  docTypes: { id: number; code: string | null; name: string }[],
  today: Date,
): RequestSearchResult['rows'][number] {
  const b = billing ?? EMPTY_BILLING_FACTS;
  return {
    requestId: r.id,
    appointmentDate: r.appointmentAt.toISOString(),
    hn: r.hn,
    patientName: fullName(r),
    status: r.status,
    statusRemark: r.statusRemark,
    exams: r.exams.map((e) => ({
      examId: e.id,
      accessionNumber: e.accessionNumber,
      modalityCode: e.modalityCode,
      status: examStatusFlags({
        hasDocument: e.hasDocument,
        hasImage: e.hasImage,
        isAssigned: e.isAssigned,
        hasReport: e.hasReport,
      }),
      zipStatus: e.zipStatus,
      branchId: e.branchId,
    })),
    missingDocumentNames: missingDocuments(r.products, r.documentTypeIds, docTypes),
    allowToClickInvoice: Boolean(r.examStartTime) && r.status !== 'Hold',
    isCreatedAccountDocument: b.invoiceNo !== null,
    customPriceId: r.customPrice?.id ?? null,
    customPriceStatus: r.customPrice?.status ?? null,
    paidBillingId: b.paidBillingId,
    latestBillingId: b.latestBillingId,
    latestBillingDocumentId: b.latestBillingDocumentId,
    patientInfo: {
      patientId: r.patientId,
      gender: r.gender,
      age: r.birthDate ? ageInYears(r.birthDate, today) : r.statedAge,
    },
  };
}

/** What the request form loads (GET /api/request/{id}), from the request and what it refers to. */
export function toRequestDetail(
  r: RequestRow,
  parts: {
    patient: Rows<'patient'>;
    exams: Rows<'examsOf'>;
    lines: Rows<'lines'>;
    custom: Rows<'customPrice'>;
    documents: Rows<'requestDocuments'>;
    privilegeName: string | null;
    doctorName: string | null;
    buildingName: string | null;
  },
  today: Date,
): RequestDetail {
  const { patient, exams, lines, custom } = parts;
  const modalities: Record<string, number[]> = {};
  for (const { product } of lines) {
    if (!exams.some((e) => e.exam.modalityCode === product.modalityCode)) continue;
    (modalities[product.modalityCode] ??= []).push(product.id);
  }
  const total = lines.reduce((n, l) => n + l.line.unitPriceSatang * l.line.quantity, 0);
  return {
    requestId: r.id,
    patientId: r.patientId,
    patient: {
      patientId: r.patientId,
      hn: patient?.hn ?? '',
      name: patient ? fullName(patient) : '',
      gender: patient?.gender ?? 'Unknown',
      age: patient?.birthDate ? ageInYears(patient.birthDate, today) : (patient?.statedAge ?? null),
      hasImage: Boolean(patient?.imageKey),
    },
    branchId: r.branchId,
    modalities,
    scheduleDateTime: r.appointmentAt.toISOString(),
    isSchedule: r.isSchedule,
    examStartTime: r.examStartTime,
    examEndTime: r.examEndTime,
    allergy: r.allergies,
    hospitalId: r.hospitalId,
    privilageId: r.privilegeId,
    privilageName: parts.privilegeName,
    paymentMethodId: r.paymentMethodId,
    hospitalDoctorId: r.hospitalDoctorId,
    hospitalDoctor: parts.doctorName,
    hospitalBuildingId: r.hospitalBuildingId,
    hospitalBuilding: parts.buildingName,
    techId: r.techId,
    productQuantity: Object.fromEntries(lines.map((l) => [String(l.product.id), l.line.quantity])),
    productDose: Object.fromEntries(lines.filter((l) => l.line.dose).map((l) => [String(l.product.id), l.line.dose!])),
    researchProjectId: r.researchProjectId,
    researchProjectSubjectId: r.researchProjectSubjectId,
    researchProjectSubjectName: r.researchProjectSubjectName,
    researchProjectVN: r.researchProjectVN,
    remark: r.remark,
    additionalFields: r.additionalFields,
    customProductPrice: custom
      ? {
          customPriceId: custom.id,
          status: custom.status,
          items: custom.items.map((i) => ({ productId: i.productId, price: satangToBaht(i.priceSatang) })),
        }
      : null,
    status: r.status,
    statusRemark: r.statusRemark,
    nhsoClaimCode: r.nhsoClaimCode,
    exams: exams.map((e) => ({
      examId: e.exam.id,
      accessionNumber: e.exam.accessionNumber,
      modalityCode: e.exam.modalityCode,
      examStatus: e.exam.status,
      description: e.exam.description,
      zipStatus: e.exam.zipStatus,
      branchId: e.exam.branchId,
      status: examStatusFlags({
        hasDocument: Boolean(e.hasDocument),
        hasImage: e.exam.hasImage,
        isAssigned: Boolean(e.exam.reviewerId),
        hasReport: Boolean(e.hasReport),
      }),
    })),
    lines: lines.map((l) => ({
      productId: l.product.id,
      modalityCode: l.product.modalityCode,
      name: l.product.name,
      productGroup: l.product.productGroup,
      quantity: l.line.quantity,
      dose: l.line.dose,
      unitPrice: satangToBaht(l.line.unitPriceSatang),
      total: satangToBaht(l.line.unitPriceSatang * l.line.quantity),
    })),
    totalPrice: satangToBaht(total),
    documents: parts.documents
      .filter((d) => d.kind === 'requestDocument')
      .map((d) => ({
        documentId: d.id,
        fileName: d.fileName,
        modalityCode: d.modalityCode,
        documentTypeId: d.typeId,
      })),
    version: r.version,
  };
}
