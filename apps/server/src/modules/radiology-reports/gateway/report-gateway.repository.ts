import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { branches, exams, finishedReports, hospitals, users } from '../../../db/schema/index';

/** '' never sent, Pending an attempt in flight, Sent the gateway answered AA, Failed the last attempt failed. */
export type GatewayStatus = '' | 'Pending' | 'Sent' | 'Failed';

/** A finished report's delivery state (the columns of migration 0008). */
export interface GatewayDelivery {
  gatewayStatus: string;
  gatewayAttempts: number;
  gatewayLastAttemptAt: Date | null;
  gatewayMessage: string | null;
}

/** Everything the ORU^R01 of one finished report is built from. */
export interface ReportToSend extends GatewayDelivery {
  id: string;
  examId: string | null;
  kind: string;
  /** '' (no audit), WaitingForAudit, Approved, Rejected. */
  auditStatus: string;
  content: Record<string, unknown> | null;
  createdAt: Date;
  reporterName: string;
  reporterLicenseNo: string | null;
  exam: {
    patientId: string | null;
    hn: string;
    prefixName: string | null;
    firstName: string;
    middleName: string | null;
    lastName: string | null;
    suffixName: string | null;
    birthDate: string | null;
    gender: string | null;
    accessionNumber: string | null;
    modalityCode: string;
    bodyPart: string | null;
    description: string;
    examDate: Date;
    referringPhysicianName: string | null;
  } | null;
  hospitalCode: string | null;
  branchCode: string | null;
}

/** SQL of the report gateway: reads a finished report with its exam, writes its delivery columns. */
export class ReportGatewayRepository {
  constructor(private readonly db: Database) {}

  async find(id: string): Promise<ReportToSend | null> {
    const [row] = await this.db
      .select({
        id: finishedReports.id,
        examId: finishedReports.examId,
        kind: finishedReports.kind,
        auditStatus: finishedReports.auditStatus,
        content: finishedReports.content,
        createdAt: finishedReports.createdAt,
        reporterName: finishedReports.reporterName,
        reporterLicenseNo: users.licenseNo,
        gatewayStatus: finishedReports.gatewayStatus,
        gatewayAttempts: finishedReports.gatewayAttempts,
        gatewayLastAttemptAt: finishedReports.gatewayLastAttemptAt,
        gatewayMessage: finishedReports.gatewayMessage,
        examRowId: exams.id,
        patientId: exams.patientId,
        hn: exams.hn,
        prefixName: exams.prefixName,
        firstName: exams.firstName,
        middleName: exams.middleName,
        lastName: exams.lastName,
        suffixName: exams.suffixName,
        birthDate: exams.birthDate,
        gender: exams.gender,
        accessionNumber: exams.accessionNumber,
        modalityCode: exams.modalityCode,
        bodyPart: exams.bodyPart,
        description: exams.description,
        examDate: exams.examDate,
        referringPhysicianName: exams.referringPhysicianName,
        hospitalCode: hospitals.code,
        branchCode: branches.code,
      })
      .from(finishedReports)
      .leftJoin(exams, eq(exams.id, finishedReports.examId))
      .leftJoin(hospitals, eq(hospitals.id, exams.hospitalId))
      .leftJoin(branches, eq(branches.id, exams.branchId))
      .leftJoin(users, eq(users.id, finishedReports.reporterId))
      .where(eq(finishedReports.id, id))
      .limit(1);
    if (!row) return null;
    const {
      examRowId,
      patientId,
      hn,
      prefixName,
      firstName,
      middleName,
      lastName,
      suffixName,
      birthDate,
      gender,
      accessionNumber,
      modalityCode,
      bodyPart,
      description,
      examDate,
      referringPhysicianName,
      ...rest
    } = row;
    return {
      ...rest,
      exam:
        examRowId && examDate && modalityCode !== null
          ? {
              patientId,
              hn: hn ?? '',
              prefixName,
              firstName: firstName ?? '',
              middleName,
              lastName,
              suffixName,
              birthDate,
              gender,
              accessionNumber,
              modalityCode,
              bodyPart,
              description: description ?? '',
              examDate,
              referringPhysicianName,
            }
          : null,
    };
  }

  /** Starts an attempt: Pending, one more attempt, its time. Returns the attempt's number. */
  async startAttempt(id: string, at: Date): Promise<number> {
    const [row] = await this.db
      .update(finishedReports)
      .set({
        gatewayStatus: 'Pending',
        gatewayAttempts: sql`${finishedReports.gatewayAttempts} + 1`,
        gatewayLastAttemptAt: at,
      })
      .where(eq(finishedReports.id, id))
      .returning({ attempts: finishedReports.gatewayAttempts });
    return row?.attempts ?? 0;
  }

  /** Ends an attempt (or records one that could not start) with its status and a message without patient data. */
  async finishAttempt(
    id: string,
    status: Exclude<GatewayStatus, ''>,
    message: string,
  ): Promise<GatewayDelivery | null> {
    const [row] = await this.db
      .update(finishedReports)
      .set({ gatewayStatus: status, gatewayMessage: message })
      .where(eq(finishedReports.id, id))
      .returning({
        gatewayStatus: finishedReports.gatewayStatus,
        gatewayAttempts: finishedReports.gatewayAttempts,
        gatewayLastAttemptAt: finishedReports.gatewayLastAttemptAt,
        gatewayMessage: finishedReports.gatewayMessage,
      });
    return row ?? null;
  }
}
