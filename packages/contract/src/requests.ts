import { z } from 'zod';
import { dateOnly } from './date-only';

const DateOnly = dateOnly('วันที่ต้องอยู่ในรูปแบบ yyyy-MM-dd');
const HhMm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'เวลาต้องอยู่ในรูปแบบ HH:mm (24 ชั่วโมง)');
const Text = (max = 200) => z.string().trim().max(max, `ยาวเกิน ${max} ตัวอักษร`);
const Id = z.number().int().positive();
/**
 * A research subject's visit number as the hospital writes it (decision WS31): letters, digits and - / . only, no
 * spaces, at most 20; blank after trimming is no number.
 */
export const RESEARCH_VN_PATTERN = /^[A-Za-z0-9][A-Za-z0-9./-]*$|^$/;
const ResearchVN = z
  .string()
  .trim()
  .max(20, 'VN ยาวเกิน 20 ตัวอักษร')
  .regex(RESEARCH_VN_PATTERN, 'VN ใช้ได้เฉพาะตัวอักษรอังกฤษ ตัวเลข และ - / .');

/** Spec §3 Request search condition, with the page (starts at 1). Dates are Asia/Bangkok calendar days. */
export const RequestSearchSchema = z.strictObject({
  page: z.number().int().min(1).max(100_000).optional(),
  startDate: DateOnly.optional(),
  endDate: DateOnly.optional(),
  accessionNumber: Text(64).optional(),
  hn: Text(64).optional(),
  nationalId: Text(20).optional(),
  patientName: Text(100).optional(),
  modalityCode: Text(16).optional(),
});
export type RequestSearch = z.infer<typeof RequestSearchSchema>;

export const RequestExamSchema = z.object({
  examId: z.string(),
  accessionNumber: z.string().nullable(),
  modalityCode: z.string(),
  /** Bit flags: 1 documents, 4 images, 8 assigned, 16 report (spec §3). */
  status: z.number().int(),
  zipStatus: z.string().nullable(),
  branchId: z.number().int(),
});

/** A row of the request list (spec §3 Request list row). */
export const RequestRowSchema = z.object({
  requestId: z.string(),
  appointmentDate: z.string(),
  hn: z.string(),
  patientName: z.string(),
  status: z.string(),
  statusRemark: z.string().nullable(),
  exams: z.array(RequestExamSchema),
  missingDocumentNames: z.array(z.string()),
  allowToClickInvoice: z.boolean(),
  isCreatedAccountDocument: z.boolean(),
  customPriceId: z.number().int().nullable(),
  /** Pending, Approved or Rejected; null without a custom price. */
  customPriceStatus: z.string().nullable(),
  paidBillingId: z.string().nullable(),
  latestBillingId: z.string().nullable(),
  latestBillingDocumentId: z.string().nullable(),
  patientInfo: z.object({ patientId: z.string(), gender: z.string(), age: z.number().int().nullable() }),
});
export type RequestRow = z.infer<typeof RequestRowSchema>;

export const RequestSearchResultSchema = z.object({
  rows: z.array(RequestRowSchema),
  /** Matching requests; when totalIsEstimate is true, a lower bound (more than 10,000 match: show "10,000+"). */
  total: z.number().int(),
  /** True when the count stopped at its cap (docs/decisions/rq9-request-list-two-statements-capped.md, as the worklist's WL1). */
  totalIsEstimate: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RequestSearchResult = z.infer<typeof RequestSearchResultSchema>;

/** Price in baht as typed; the server turns it into satang and refuses more than 2 decimals or a negative amount. */
const Baht = z.number({ error: 'ราคาต้องเป็นตัวเลข' });

/** Spec §3 Request form / draft as the form sends it (create and edit). Product ids are keys as text on the wire. */
export const RequestSaveSchema = z.strictObject({
  patientId: z.string().uuid('ไม่พบข้อมูลผู้ป่วย'),
  /** Modality code → chosen product ids; one exam is made per modality. */
  modalities: z.record(z.string().max(16), z.array(Id).max(50)),
  /** Appointment instant (ISO); ignored when isSchedule is false (now). */
  scheduleDateTime: z.string().datetime({ offset: true, error: 'วันเวลานัดไม่ถูกต้อง' }).nullish(),
  isSchedule: z.boolean().default(false),
  examStartTime: HhMm.nullish(),
  examEndTime: HhMm.nullish(),
  allergy: z.array(Text(100)).max(50).default([]),
  hospitalId: Id,
  privilageId: Id.nullish(),
  paymentMethodId: Id.nullish(),
  hospitalDoctorId: Id.nullish(),
  /** A new sending doctor typed as free text ("เพิ่ม "text""). */
  hospitalDoctorId_add: Text(200).nullish(),
  hospitalBuildingId: Id.nullish(),
  hospitalBuildingId_add: Text(200).nullish(),
  techId: z.string().uuid().nullish(),
  productQuantity: z.record(z.string(), z.number({ error: 'จำนวนต้องเป็นตัวเลข' })).default({}),
  productDose: z.record(z.string(), Text(50)).default({}),
  forceAcceesionNumber: Text(64).nullish(),
  researchProjectId: Id.nullish(),
  researchProjectId_add: Text(200).nullish(),
  /** The subject's code in the project, name and visit number (decision WS31); they need a project. */
  researchProjectSubjectId: Text(50).nullish(),
  researchProjectSubjectName: Text(200).nullish(),
  researchProjectVN: ResearchVN.nullish(),
  remark: Text(1000).nullish(),
  additionalFields: z.record(z.string().max(64), z.unknown()).default({}),
  documentIds: z.array(z.string().uuid()).max(100).default([]),
  customProductPrice: z
    .strictObject({
      customPriceId: z.number().int().nullish(),
      items: z.array(z.strictObject({ productId: Id, price: Baht })).max(100),
    })
    .nullish(),
  nhsoClaimCode: Text(50).nullish(),
  /** The version read when editing; a stale one is a conflict. */
  version: z.number().int().positive().optional(),
});
export type RequestSave = z.infer<typeof RequestSaveSchema>;

export const RequestProductLineSchema = z.object({
  productId: z.number().int(),
  modalityCode: z.string(),
  name: z.string(),
  productGroup: z.string(),
  quantity: z.number().int(),
  dose: z.string().nullable(),
  /** Baht, 2 decimals. */
  unitPrice: z.number(),
  total: z.number(),
});

/** GET /api/request/{id}: the saved draft plus its exams and priced lines. */
export const RequestDetailSchema = z.object({
  requestId: z.string(),
  patientId: z.string(),
  patient: z.object({
    patientId: z.string(),
    hn: z.string(),
    name: z.string(),
    gender: z.string(),
    age: z.number().int().nullable(),
    hasImage: z.boolean(),
  }),
  branchId: z.number().int(),
  modalities: z.record(z.string(), z.array(z.number().int())),
  scheduleDateTime: z.string(),
  isSchedule: z.boolean(),
  examStartTime: z.string().nullable(),
  examEndTime: z.string().nullable(),
  allergy: z.array(z.string()),
  hospitalId: z.number().int().nullable(),
  privilageId: z.number().int().nullable(),
  privilageName: z.string().nullable(),
  paymentMethodId: z.number().int().nullable(),
  hospitalDoctorId: z.number().int().nullable(),
  hospitalDoctor: z.string().nullable(),
  hospitalBuildingId: z.number().int().nullable(),
  hospitalBuilding: z.string().nullable(),
  techId: z.string().nullable(),
  productQuantity: z.record(z.string(), z.number()),
  productDose: z.record(z.string(), z.string()),
  researchProjectId: z.number().int().nullable(),
  researchProjectSubjectId: z.string().nullable(),
  researchProjectSubjectName: z.string().nullable(),
  researchProjectVN: z.string().nullable(),
  remark: z.string().nullable(),
  additionalFields: z.record(z.string(), z.unknown()),
  customProductPrice: z
    .object({
      customPriceId: z.number().int(),
      status: z.string(),
      items: z.array(z.object({ productId: z.number().int(), price: z.number() })),
    })
    .nullable(),
  status: z.string(),
  statusRemark: z.string().nullable(),
  nhsoClaimCode: z.string().nullable(),
  exams: z.array(RequestExamSchema.extend({ examStatus: z.string(), description: z.string() })),
  lines: z.array(RequestProductLineSchema),
  totalPrice: z.number(),
  documents: z.array(
    z.object({
      documentId: z.string(),
      fileName: z.string(),
      modalityCode: z.string().nullable(),
      documentTypeId: z.number().int().nullable(),
    }),
  ),
  version: z.number().int(),
});
export type RequestDetail = z.infer<typeof RequestDetailSchema>;

export const RequestSavedSchema = z.object({
  requestId: z.string(),
  exams: z.array(z.object({ examId: z.string(), modalityCode: z.string(), accessionNumber: z.string().nullable() })),
  status: z.string(),
  message: z.string().optional(),
});
export type RequestSaved = z.infer<typeof RequestSavedSchema>;

export const RequestDeleteSchema = z.strictObject({ remark: z.string().trim().min(1, 'กรุณาระบุเหตุผลในการลบ').max(500) });
export const DeleteReasonsSchema = z.object({ reasonOptions: z.array(z.string()) });

/** Spec §3 Export link. */
export const ExportLinkSchema = z.object({
  linkId: z.string(),
  requestId: z.string(),
  linkHostUrl: z.string(),
  qrcode: z.string(),
  patientName: z.string(),
  expiresAt: z.string(),
  hasPin: z.boolean(),
});
export type ExportLink = z.infer<typeof ExportLinkSchema>;
export const ExportLinkCreateSchema = z
  .strictObject({
    expiresInDays: z.number().int().min(1, 'อายุลิงก์อย่างน้อย 1 วัน').max(90, 'อายุลิงก์ไม่เกิน 90 วัน').optional(),
    pin: z
      .string()
      .regex(/^\d{4,8}$/, 'PIN ต้องเป็นตัวเลข 4–8 หลัก')
      .optional(),
  })
  .nullish();

export const PrivilegePriceSchema = z.object({ productId: z.number().int(), price: z.number() });

const Named = z.object({ id: z.number().int(), name: z.string() });
/** Spec §3 Condition UI data for requests. */
export const RequestConditionSchema = z.object({
  researchProjects: z.array(Named),
  hospitalDoctors: z.array(Named.extend({ hospitalId: z.number().int() })),
  doctorSendWorkingGroups: z.array(Named),
  paymentMethods: z.array(Named),
  allergies: z.array(Named),
  requestDocuments: z.array(Named.extend({ code: z.string().nullable() })),
  hospitalBuildingNames: z.array(Named.extend({ hospitalId: z.number().int() })),
  hospitalPrivilages: z.array(z.object({ id: z.number().int(), name: z.string(), children: z.array(Named) })),
  technicians: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Doctors whose requests ask for a send-doctor work group (spec §5: a fixed pair of ids). */
  workGroupDoctorIds: z.array(z.number().int()),
  /** Base address of the health-coverage (NHSO) helper; null hides the entitlement dialog. */
  nhsoServiceUrl: z.string().nullable(),
  modalityProducts: z.array(
    z.object({
      modalityCode: z.string(),
      modalityName: z.string(),
      products: z.array(
        z.object({ productId: z.number().int(), name: z.string(), productGroup: z.string(), defaultPrice: z.number() }),
      ),
      additionalFields: z.array(z.object({ id: z.string(), visibility: z.boolean() })),
    }),
  ),
  additionalFieldDefinitions: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      options: z.array(z.string()).nullable(),
      isMultiValue: z.boolean(),
      suffix: z.string().nullable(),
      description: z.string().nullable(),
      visibility: z.boolean(),
      orderNumber: z.number().int(),
      dependencies: z
        .array(
          z.object({
            dependencyFieldId: z.string(),
            trigOperator: z.string(),
            trigValue: z.string(),
            action: z.string(),
          }),
        )
        .nullable(),
    }),
  ),
});
export type RequestCondition = z.infer<typeof RequestConditionSchema>;
