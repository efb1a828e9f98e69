import { z } from 'zod';
import { dateOnly } from './date-only';
import { isValidNationalId } from '@rangsi/domain';

const Str = (max: number) => z.string().trim().max(max, `ยาวเกิน ${max} ตัวอักษร`);
const Opt = (max: number) =>
  Str(max)
    .nullish()
    .transform((v) => (v ? v : null));
const DateOnly = dateOnly('รูปแบบวันที่ต้องเป็น yyyy-MM-dd');

export const GENDERS = ['Male', 'Female', 'Unknown'] as const;
export const WORKPLACE_TYPES = ['government', 'company', 'etc', 'none'] as const;

/** Spec §3 Address. */
export const AddressSchema = z.strictObject({
  addressId: z.number().int().optional(),
  no: Opt(50),
  building: Opt(100),
  moo: Opt(20),
  village: Opt(100),
  alley: Opt(100),
  road: Opt(100),
  subDistrict: Opt(100),
  district: Opt(100),
  province: Opt(100),
  postCode: Str(5)
    .regex(/^\d{5}$|^$/, 'รหัสไปรษณีย์ 5 หลัก')
    .nullish()
    .transform((v) => v || null),
  country: Opt(100),
});
export type Address = z.infer<typeof AddressSchema>;

/** nameTH / nameEN of spec §3. */
export const PersonNameSchema = z.strictObject({
  prefix: Opt(50),
  first: Opt(100),
  middle: Opt(100),
  last: Opt(100),
  suffix: Opt(50),
});
export type PersonName = z.infer<typeof PersonNameSchema>;

export const ContactSchema = z.strictObject({
  relationship: Str(50).min(1, 'กรุณาระบุ'),
  firstName: Opt(100),
  lastName: Opt(100),
  occupation: Opt(100),
});

export const EmergencyContactSchema = z.strictObject({
  contactName: Opt(200),
  homePhoneNumber: Opt(30),
  workPhoneNumber: Opt(30),
  address: AddressSchema.nullish(),
});

export const WorkPlaceSchema = z.strictObject({
  workPlaceType: z.enum(WORKPLACE_TYPES),
  workPlaceName: Opt(200),
  position: Opt(100),
  workPlaceTaxId: Str(13)
    .regex(/^\d{13}$|^$/, 'เลขประจำตัวผู้เสียภาษี 13 หลัก')
    .nullish()
    .transform((v) => v || null),
  workAddress: AddressSchema.nullish(),
});

export const NATIONAL_ID_MESSAGE = 'เลขประจำตัวประชาชนไม่ถูกต้อง (13 หลัก ตรวจสอบหลักสุดท้ายไม่ผ่าน)';
export const BIRTH_OR_AGE_MESSAGE = 'กรุณาระบุวันเกิดหรืออายุ';
export const REQUIRED_MESSAGE = 'กรุณาระบุ';

/** POST /api/patient/ — create (no patientId, or 'new') or save; spec §5 Patient rules. */
export const PatientSaveSchema = z
  .strictObject({
    patientId: z.string().max(64).nullish(),
    hn: Opt(30),
    nationalNumber: Str(13)
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v === null || isValidNationalId(v), NATIONAL_ID_MESSAGE),
    alienNumber: Opt(30),
    passportNumber: Opt(30),
    phoneNumber: Str(30)
      .regex(/^[0-9+\-\s()]*$/, 'เบอร์โทรศัพท์ไม่ถูกต้อง')
      .nullish()
      .transform((v) => (v ? v.replace(/[^0-9+]/g, '') : null)),
    nameTH: PersonNameSchema,
    nameEN: PersonNameSchema.nullish(),
    gender: z.enum(GENDERS).default('Unknown'),
    birthDate: DateOnly.nullish(),
    age: z.coerce.number().int('อายุต้องเป็นจำนวนเต็ม').min(0, 'อายุต้องไม่ติดลบ').max(150, 'อายุต้องไม่เกิน 150 ปี').nullish(),
    unknownBirthDate: z.boolean().default(false),
    bloodGroup: Opt(10),
    nationality: Opt(50),
    race: Opt(50),
    religion: Opt(50),
    occupation: Opt(100),
    hasAllergy: z.boolean().default(false),
    allergy: z.array(Str(100)).max(50).default([]),
    currentAddress: AddressSchema.nullish(),
    recordAddress: AddressSchema.nullish(),
    currentAndRecordAddressIsSame: z.boolean().default(false),
    contacts: z.array(ContactSchema).max(30).default([]),
    emergencyContact: EmergencyContactSchema.nullish(),
    workPlace: WorkPlaceSchema.nullish(),
    /** Required when saving an existing patient (spec §5): the editor's own password, re-confirming who changes identity data. */
    password: z.string().max(200).nullish(),
    version: z.number().int().positive().optional(),
  })
  .superRefine((p, ctx) => {
    if (!p.nameTH.first) ctx.addIssue({ code: 'custom', path: ['nameTH', 'first'], message: REQUIRED_MESSAGE });
    if (p.unknownBirthDate ? p.age == null : !p.birthDate)
      ctx.addIssue({ code: 'custom', path: [p.unknownBirthDate ? 'age' : 'birthDate'], message: BIRTH_OR_AGE_MESSAGE });
  });
export type PatientSave = z.infer<typeof PatientSaveSchema>;

const S = z.string().nullish();
const AddressViewSchema = z.object({
  addressId: z.number().int().optional(),
  no: S,
  building: S,
  moo: S,
  village: S,
  alley: S,
  road: S,
  subDistrict: S,
  district: S,
  province: S,
  postCode: S,
  country: S,
});

/** GET /api/patient/{id}. */
export const PatientSchema = z.object({
  patientId: z.string(),
  hn: z.string(),
  nationalNumber: z.string().nullable(),
  alienNumber: z.string().nullable(),
  passportNumber: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  name: z.string(),
  nameEn: z.string(),
  nameTH: z.object({
    prefix: z.string().nullable(),
    first: z.string().nullable(),
    middle: z.string().nullable(),
    last: z.string().nullable(),
    suffix: z.string().nullable(),
  }),
  nameEN: z.object({
    prefix: z.string().nullable(),
    first: z.string().nullable(),
    middle: z.string().nullable(),
    last: z.string().nullable(),
    suffix: z.string().nullable(),
  }),
  gender: z.enum(GENDERS),
  birthDate: z.string().nullable(),
  age: z.number().int().nullable(),
  unknownBirthDate: z.boolean(),
  bloodGroup: z.string().nullable(),
  nationality: z.string().nullable(),
  race: z.string().nullable(),
  religion: z.string().nullable(),
  occupation: z.string().nullable(),
  hasImage: z.boolean(),
  hasAllergy: z.boolean(),
  allergy: z.array(z.string()),
  examCount: z.number().int(),
  currentAddress: AddressViewSchema.nullable(),
  recordAddress: AddressViewSchema.nullable(),
  currentAndRecordAddressIsSame: z.boolean(),
  contacts: z.array(
    z.object({
      relationship: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      occupation: z.string().nullable(),
    }),
  ),
  emergencyContact: z
    .object({ contactName: S, homePhoneNumber: S, workPhoneNumber: S, address: AddressViewSchema.nullish() })
    .nullable(),
  workPlace: z
    .object({
      workPlaceType: z.string(),
      workPlaceName: S,
      position: S,
      workPlaceTaxId: S,
      workAddress: AddressViewSchema.nullish(),
    })
    .nullable(),
  version: z.number().int(),
});
export type Patient = z.infer<typeof PatientSchema>;

/** Spec §3 Patient search condition: any one is enough. */
export const PatientSearchSchema = z.strictObject({
  name: Str(100).optional(),
  phoneNumber: Str(30).optional(),
  nationalNumber: Str(13).optional(),
  hn: Str(30).optional(),
});
export type PatientSearch = z.infer<typeof PatientSearchSchema>;

export const PatientSearchRowSchema = z.object({
  patientId: z.string(),
  hn: z.string(),
  name: z.string(),
  nameEn: z.string(),
  gender: z.enum(GENDERS),
  birthDate: z.string().nullable(),
  age: z.number().int().nullable(),
  phoneNumber: z.string().nullable(),
  /** Masked with trailing xxxxx (spec §2): the full number never leaves the server in a list. */
  nationalNumber: z.string().nullable(),
  examCount: z.number().int(),
});
export type PatientSearchRow = z.infer<typeof PatientSearchRowSchema>;

export const NamePrefixSchema = z.object({
  id: z.number().int(),
  th: z.string(),
  en: z.string(),
  group: z.string(),
  groupEn: z.string(),
  gender: z.enum(GENDERS).nullable(),
});
export const PatientFormDataSchema = z.object({
  namePrefixesAll: z.array(NamePrefixSchema),
  namePrefixes: z.array(NamePrefixSchema),
  namePrefixesEnglish: z.array(NamePrefixSchema),
  bloodTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  relationship: z.array(z.object({ id: z.number().int(), name: z.string() })),
  allergies: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PatientFormData = z.infer<typeof PatientFormDataSchema>;

export const PatientUiConfigSchema = z.object({
  gatewayUrl: z.string().nullable(),
  idCardReaderUrl: z.string().nullable(),
});

/** Spec §3 Patient exam history row. */
export const PatientExamHistoryRowSchema = z.object({
  requestId: z.string(),
  branchName: z.string(),
  appointmentDate: z.string(),
  missingDocumentNames: z.array(z.string()),
  allowToClickInvoice: z.boolean(),
  isCreatedAccountDocument: z.boolean(),
  /** The batch the request is paid in; the newest batch listing it and its number (links to /billing_report/{id}). */
  paidBillingId: z.string().nullable(),
  latestBillingId: z.string().nullable(),
  latestBillingDocumentId: z.string().nullable(),
  status: z.string(),
  statusRemark: z.string().nullable(),
  exams: z.array(
    z.object({
      examId: z.string(),
      modalityCode: z.string(),
      accessionNumber: z.string().nullable(),
      status: z.number().int(),
      branchId: z.number().int(),
    }),
  ),
});
export type PatientExamHistoryRow = z.infer<typeof PatientExamHistoryRowSchema>;
