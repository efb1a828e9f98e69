import { randomInt } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type {
  Patient,
  PatientExamHistoryRow,
  PatientFormData,
  PatientSave,
  PatientSearch,
  PatientSearchRow,
} from '@rangsi/contract';
import {
  ageInYears,
  bangkokDayOf,
  CONTRAST_PRODUCT_GROUP,
  examStatusFlags,
  missingRequestDocumentNames,
  nameSearchWords,
  type TitlePrefixes,
} from '@rangsi/domain';
import type { AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import { examScopeCondition } from '../../auth/data-scope/exam-scope';
import { patientExamScopeOnAliasE, patientScopeCondition } from '../../auth/data-scope/patient-scope';
import { patientError } from './patients.errors';
import type { PatientRow, PatientSearchHit, PatientsRepository } from './patients.repository';
import { NO_PATIENT_BILLING, type PatientBillingPort } from './patient-billing-port';
import type { StudyIdentities } from '../../dicom/identity/study-identities';
import type { ExamStateWriter } from '../exams/exam-state';

const GENDER = new Set(['Male', 'Female', 'Unknown']);
type Gender = 'Male' | 'Female' | 'Unknown';

/** Masks a national number for lists: the last five digits become xxxxx (spec §2). */
export function maskNationalNumber(n: string | null): string | null {
  return n ? `${n.slice(0, Math.max(0, n.length - 5))}xxxxx` : null;
}

function fullName(parts: (string | null | undefined)[], prefix: string | null | undefined): string {
  const [first, ...rest] = parts.filter(Boolean);
  return [`${prefix ?? ''}${first ?? ''}`, ...rest].filter(Boolean).join(' ');
}

/** Patient registration rules (spec §4 Patient form, §5 Patient): search, read, create and save with the editor's password. */
export class PatientsService {
  private billing: PatientBillingPort = NO_PATIENT_BILLING;

  /** The billing module wires itself in here (it is built after patients). */
  useBilling(port: PatientBillingPort): void {
    this.billing = port;
  }

  constructor(
    private readonly repo: PatientsRepository,
    /** Checks the signed-in user's own password (the auth module owns credentials). */
    private readonly confirmPassword: (userId: string, password: string) => Promise<boolean>,
    private readonly audit: AuditService,
    private readonly now: () => Date = () => new Date(),
    /** What follows an HN change outside this module: the exams' copy of the HN, then their images' identity. */
    private readonly hnFollowers?: {
      examState: Pick<ExamStateWriter, 'patientHnChanged'>;
      studyIdentities: Pick<StudyIdentities, 'patientChanged'>;
    },
  ) {}

  private prefixCache: { at: number; list: Promise<TitlePrefixes> } | null = null;

  /** Thai and English title prefixes, for names typed with a title (glued on or not); re-read every 10 minutes. */
  private titlePrefixes(): Promise<TitlePrefixes> {
    const at = Date.now();
    if (!this.prefixCache || at - this.prefixCache.at > 600_000) {
      const list = this.repo
        .namePrefixes()
        .then((rows) => ({ thai: rows.map((r) => r.th), english: rows.map((r) => r.en) }));
      list.catch(() => {
        this.prefixCache = null;
      });
      this.prefixCache = { at, list };
    }
    return this.prefixCache.list;
  }

  async search(user: CurrentUser, q: PatientSearch): Promise<PatientSearchRow[]> {
    const where: SQL[] = [patientScopeCondition(user)];
    const words = q.name ? nameSearchWords(q.name, await this.titlePrefixes()) : [];
    if (words.length > 0) where.push(this.repo.nameContains(words));
    if (q.phoneNumber) {
      const digits = q.phoneNumber.replace(/\D/g, '');
      if (!digits) throw patientError('BAD_PHONE');
      where.push(this.repo.phonePrefix(digits));
    }
    if (q.nationalNumber) where.push(this.repo.nationalNumberIs(q.nationalNumber));
    if (q.hn) where.push(this.repo.hnIs(q.hn));
    if (where.length === 1) throw patientError('NO_CRITERIA');
    const rows = await this.repo.search(where, patientExamScopeOnAliasE(user));
    await this.audit.record(
      null,
      { action: 'patient.search', entityType: 'patient', detail: { fields: Object.keys(q), results: rows.length } },
      who(user),
    );
    const today = this.now();
    return rows.map(({ p, examCount }) => ({
      patientId: p.id,
      hn: p.hn,
      name: fullName([p.firstNameTh, p.middleNameTh, p.lastNameTh], p.prefixTh),
      nameEn: fullName([p.firstNameEn, p.middleNameEn, p.lastNameEn], p.prefixEn ? `${p.prefixEn} ` : ''),
      gender: (GENDER.has(p.gender) ? p.gender : 'Unknown') as Gender,
      birthDate: p.birthDate,
      age: this.ageOf(p, today),
      phoneNumber: p.phoneNumber,
      nationalNumber: maskNationalNumber(p.nationalNumber),
      examCount: Number(examCount),
    }));
  }

  async get(user: CurrentUser, id: string): Promise<Patient> {
    const found = await this.repo.findInScope(id, patientScopeCondition(user), patientExamScopeOnAliasE(user));
    if (!found) throw patientError('PATIENT_NOT_FOUND');
    const { p, examCount } = found;
    const contacts = await this.repo.contacts(id);
    await this.audit.record(
      null,
      { action: 'patient.read', entityType: 'patient', entityId: id, patientId: id },
      who(user),
    );
    return {
      patientId: p.id,
      hn: p.hn,
      nationalNumber: p.nationalNumber,
      alienNumber: p.alienNumber,
      passportNumber: p.passportNumber,
      phoneNumber: p.phoneNumber,
      name: fullName([p.firstNameTh, p.middleNameTh, p.lastNameTh], p.prefixTh),
      nameEn: fullName([p.firstNameEn, p.middleNameEn, p.lastNameEn], p.prefixEn ? `${p.prefixEn} ` : ''),
      nameTH: {
        prefix: p.prefixTh,
        first: p.firstNameTh,
        middle: p.middleNameTh,
        last: p.lastNameTh,
        suffix: p.suffixTh,
      },
      nameEN: {
        prefix: p.prefixEn,
        first: p.firstNameEn,
        middle: p.middleNameEn,
        last: p.lastNameEn,
        suffix: p.suffixEn,
      },
      gender: (GENDER.has(p.gender) ? p.gender : 'Unknown') as Gender,
      birthDate: p.birthDate,
      age: this.ageOf(p, this.now()),
      unknownBirthDate: p.unknownBirthDate,
      bloodGroup: p.bloodGroup,
      nationality: p.nationality,
      race: p.race,
      religion: p.religion,
      occupation: p.occupation,
      hasImage: Boolean(p.imageKey),
      hasAllergy: p.hasAllergy,
      allergy: p.allergies,
      examCount: Number(examCount),
      currentAddress: p.currentAddress ?? null,
      recordAddress: p.recordAddress ?? null,
      currentAndRecordAddressIsSame: p.currentAndRecordAddressIsSame,
      contacts: contacts.map((c) => ({
        relationship: c.relationship,
        firstName: c.firstName,
        lastName: c.lastName,
        occupation: c.occupation,
      })),
      emergencyContact: p.emergencyContact ?? null,
      workPlace: p.workPlace ?? null,
      version: p.version,
    };
  }

  /** Creates or saves a patient; an existing one needs the editor's own password (spec §5), a stale version is a 409. */
  async save(user: CurrentUser, input: PatientSave): Promise<{ patientId: string }> {
    const existingId =
      input.patientId && !['new', 'import', 'importbycard'].includes(input.patientId) ? input.patientId : null;
    const today = bangkokDayOf(this.now());
    if (input.birthDate && !input.unknownBirthDate && input.birthDate > today) {
      throw patientError('BIRTH_DATE_IN_FUTURE', { field: 'birthDate' });
    }
    let existing: PatientRow | undefined;
    if (existingId) {
      existing = (await this.repo.findInScope(existingId, patientScopeCondition(user), patientExamScopeOnAliasE(user)))
        ?.p;
      if (!existing) throw patientError('PATIENT_NOT_FOUND');
      if (!input.password) throw patientError('PASSWORD_REQUIRED', { field: 'password' });
      if (!(await this.confirmPassword(user.userId, input.password)))
        throw patientError('WRONG_PASSWORD', { field: 'password' });
    }
    if (input.nationalNumber && (await this.repo.nationalNumberTaken(input.nationalNumber, existingId ?? undefined))) {
      throw patientError('NATIONAL_NUMBER_TAKEN', { field: 'nationalNumber' });
    }
    const hn = input.hn ?? existing?.hn ?? (await this.newHn());
    if (await this.repo.hnTaken(hn, existingId ?? undefined)) throw patientError('HN_TAKEN', { field: 'hn' });

    const same = input.currentAndRecordAddressIsSame;
    const values = {
      hn,
      branchId: existing?.branchId ?? user.branchId,
      hospitalId: existing?.hospitalId ?? user.hospitalId,
      nationalNumber: input.nationalNumber,
      alienNumber: input.alienNumber,
      passportNumber: input.passportNumber,
      phoneNumber: input.phoneNumber,
      prefixTh: input.nameTH.prefix,
      firstNameTh: input.nameTH.first!,
      middleNameTh: input.nameTH.middle,
      lastNameTh: input.nameTH.last,
      suffixTh: input.nameTH.suffix,
      prefixEn: input.nameEN?.prefix ?? null,
      firstNameEn: input.nameEN?.first ?? null,
      middleNameEn: input.nameEN?.middle ?? null,
      lastNameEn: input.nameEN?.last ?? null,
      suffixEn: input.nameEN?.suffix ?? null,
      gender: input.gender,
      // Spec §4: unknown birth date keeps the age as given (and the day it was given, so it can grow).
      birthDate: input.unknownBirthDate ? null : (input.birthDate ?? null),
      unknownBirthDate: input.unknownBirthDate,
      statedAge: input.unknownBirthDate ? (input.age ?? null) : null,
      statedAgeAt: input.unknownBirthDate ? today : null,
      bloodGroup: input.bloodGroup,
      nationality: input.nationality,
      race: input.race,
      religion: input.religion,
      occupation: input.occupation,
      hasAllergy: input.hasAllergy || input.allergy.length > 0,
      allergies: input.allergy,
      currentAddress: input.currentAddress ?? null,
      recordAddress: same ? (input.currentAddress ?? null) : (input.recordAddress ?? null),
      currentAndRecordAddressIsSame: same,
      emergencyContact: input.emergencyContact ?? null,
      workPlace: input.workPlace ?? null,
      ...(existingId ? {} : { createdBy: user.userId }),
    };
    const id = await this.repo.save(existingId, values, input.contacts, input.version);
    if (!id) throw patientError('PATIENT_CONFLICT');
    await this.audit.record(
      null,
      { action: existingId ? 'patient.update' : 'patient.create', entityType: 'patient', entityId: id, patientId: id },
      who(user),
    );
    if (existing && existing.hn !== hn && this.hnFollowers) {
      // The worklist and the Modality Worklist give the new HN, so new images carry it; C-FIND by it finds the
      // images already here, and files sent from now on carry it (IHE PIR, decision io33).
      await this.hnFollowers.examState.patientHnChanged(id, hn, {
        userId: user.userId,
        userName: user.displayName,
        action: 'hnChanged',
        detail: `${existing.hn} → ${hn}`,
      });
      const studies = await this.hnFollowers.studyIdentities.patientChanged(id);
      if (studies.length)
        await this.audit.record(
          null,
          {
            action: 'dicom.identity.reconcile',
            entityType: 'patient',
            entityId: id,
            patientId: id,
            detail: { reason: 'hn-change', studies: studies.map((s) => s.studyInstanceUid) },
          },
          who(user),
        );
    }
    return { patientId: id };
  }

  async examHistory(user: CurrentUser, id: string): Promise<PatientExamHistoryRow[]> {
    const found = await this.repo.findInScope(id, patientScopeCondition(user), patientExamScopeOnAliasE(user));
    if (!found) throw patientError('PATIENT_NOT_FOUND');
    const rows = await this.repo.examHistory(id, examScopeCondition(user));
    const requestIds = [...new Set(rows.map((r) => r.request.id))];
    const [facts, billing] = await Promise.all([
      this.repo.requestDocumentFacts(requestIds),
      this.billing.billingFactsOf(requestIds),
    ]);
    const missingOf = (requestId: string) =>
      missingRequestDocumentNames(
        {
          products: facts.products.filter((p) => p.requestId === requestId),
          documentTypeIds: facts.documents.filter((d) => d.requestId === requestId).map((d) => d.typeId),
          documentTypes: facts.types,
        },
        CONTRAST_PRODUCT_GROUP,
      );
    const byRequest = new Map<string, PatientExamHistoryRow>();
    for (const r of rows) {
      let entry = byRequest.get(r.request.id);
      if (!entry) {
        const b = billing.get(r.request.id);
        entry = {
          requestId: r.request.id,
          branchName: r.branchName,
          appointmentDate: r.request.appointmentAt.toISOString(),
          missingDocumentNames: missingOf(r.request.id),
          allowToClickInvoice: Boolean(r.request.examStartTime) && r.request.status !== 'Hold',
          isCreatedAccountDocument: Boolean(b?.invoiceNo),
          paidBillingId: b?.paidBillingId ?? null,
          latestBillingId: b?.latestBillingId ?? null,
          latestBillingDocumentId: b?.latestBillingDocumentId ?? null,
          status: r.request.status,
          statusRemark: r.request.statusRemark,
          exams: [],
        };
        byRequest.set(r.request.id, entry);
      }
      entry.exams.push({
        examId: r.exam.id,
        modalityCode: r.exam.modalityCode,
        accessionNumber: r.exam.accessionNumber,
        status: examStatusFlags({
          hasDocument: Boolean(r.hasDocument),
          hasImage: r.exam.hasImage,
          isAssigned: Boolean(r.exam.reviewerId),
          hasReport: Boolean(r.hasReport),
        }),
        branchId: r.exam.branchId,
      });
    }
    return [...byRequest.values()];
  }

  async formData(): Promise<PatientFormData> {
    const [prefixes, lookups] = await Promise.all([
      this.repo.namePrefixes(),
      this.repo.lookups(['bloodType', 'relationship', 'allergy']),
    ]);
    const all = prefixes.map((p) => ({
      id: p.id,
      th: p.th,
      en: p.en,
      group: p.groupTh,
      groupEn: p.groupEn,
      gender: (p.gender && GENDER.has(p.gender) ? p.gender : null) as Gender | null,
    }));
    const of = (kind: string) => lookups.filter((l) => l.kind === kind).map((l) => ({ id: l.id, name: l.name }));
    const uniqueBy = <T>(items: T[], key: (t: T) => string) => [...new Map(items.map((i) => [key(i), i])).values()];
    return {
      namePrefixesAll: all,
      namePrefixes: uniqueBy(all, (p) => p.th),
      namePrefixesEnglish: uniqueBy(all, (p) => p.en),
      bloodTypes: of('bloodType'),
      relationship: of('relationship'),
      allergies: of('allergy'),
    };
  }

  /** Age in whole years: from the birth date, or the stated age grown by the years since it was stated. */
  private ageOf(p: Pick<PatientSearchHit, 'birthDate' | 'statedAge' | 'statedAgeAt'>, on: Date): number | null {
    if (p.birthDate) return ageInYears(p.birthDate, on);
    if (p.statedAge == null) return null;
    const grown = p.statedAgeAt ? (ageInYears(p.statedAgeAt, on) ?? 0) : 0;
    return p.statedAge + grown;
  }

  private async newHn(): Promise<string> {
    for (let i = 0; i < 20; i++) {
      const hn = `HN${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
      if (!(await this.repo.hnTaken(hn))) return hn;
    }
    throw patientError('HN_EXHAUSTED');
  }
}

function who(user: CurrentUser) {
  return { userId: user.userId, username: user.username };
}
