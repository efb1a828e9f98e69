import { and, asc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { bangkokDayStart } from '@rangsi/domain';
import type { Database } from '../../../db/client';
import { branches, exams, patients } from '../../../db/schema/index';
import type { StringMatch, WorklistQuery } from './worklist-query';

/** Asia/Bangkok is UTC+7 all year. */

export interface WorklistRow {
  id: string;
  accessionNumber: string | null;
  modality: string;
  description: string;
  stationAeTitle: string | null;
  startDate: string;
  startTime: string;
  hn: string;
  issuerOfPatientId: string | null;
  birthDate: string | null;
  gender: string | null;
  /** Family^Given^Middle^Prefix from the exam's own (Thai) name copy. */
  thaiName: string;
  /** Family^Given^Middle^Prefix^Suffix from the patient's English name; '' when none. */
  englishName: string;
  referringPhysicianName: string | null;
  studyInstanceUid: string | null;
  institutionName: string | null;
}

// The answer's name groups, as SQL: matching runs on exactly what is returned.
const thaiName = sql<string>`rtrim(coalesce(${exams.lastName}, '') || '^' || ${exams.firstName} || '^' || coalesce(${exams.middleName}, '') || '^' || coalesce(${exams.prefixName}, ''), '^')`;
const englishName = sql<string>`rtrim(coalesce(${patients.lastNameEn}, '') || '^' || coalesce(${patients.firstNameEn}, '') || '^' || coalesce(${patients.middleNameEn}, '') || '^' || coalesce(${patients.prefixEn}, '') || '^' || coalesce(${patients.suffixEn}, ''), '^')`;
/** The alphabetic group is the English name, or the Thai one when there is no English name (see docs/decisions/dn6-modality-worklist-answers.md). */
const alphabeticGroup = sql`(case when ${englishName} <> '' then ${englishName} else ${thaiName} end)`;
const ideographicGroup = sql`(case when ${englishName} <> '' then ${thaiName} else '' end)`;

function matchText(column: SQLWrapper, m: StringMatch): SQL {
  return 'exact' in m ? sql`${column} = ${m.exact}` : sql`${column} like ${m.like}`;
}

/** Bangkok midnight of a DICOM DA day (YYYYMMDD), plus some days, as an instant. */
function dayStart(yyyymmdd: string, plusDays = 0): Date {
  return bangkokDayStart(`${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`, plusDays);
}

/**
 * Scheduled, not deleted exams matching a worklist query, in SQL: the date range runs on the exam-date index,
 * accession on its unique index, patient ID on the HN index, a Thai name literal on the trigram index of the exam's
 * name; the rest are filters on those rows.
 */
export class WorklistRepository {
  constructor(private readonly db: Database) {}

  /** `scope`: a further condition on exams (the modality AE's branches or hospitals). */
  async find(q: WorklistQuery, limit: number, scope?: SQL): Promise<WorklistRow[]> {
    const where: SQL[] = [eq(exams.status, 'Scheduled'), isNull(exams.deletedAt)];
    if (scope) where.push(scope);
    if (q.date?.from) where.push(sql`${exams.examDate} >= ${dayStart(q.date.from).toISOString()}`);
    if (q.date?.to) where.push(sql`${exams.examDate} < ${dayStart(q.date.to, 1).toISOString()}`);
    if (q.time?.from)
      where.push(sql`to_char(${exams.examDate} at time zone 'Asia/Bangkok', 'HH24MISS') >= ${q.time.from}`);
    if (q.time?.to) where.push(sql`to_char(${exams.examDate} at time zone 'Asia/Bangkok', 'HH24MISS') <= ${q.time.to}`);
    if (q.accessionNumber) where.push(matchText(exams.accessionNumber, q.accessionNumber));
    if (q.patientId) where.push(matchText(exams.hn, q.patientId));
    if (q.modality) where.push(matchText(exams.modalityCode, q.modality));
    if (q.stationAeTitle) where.push(matchText(exams.scheduledStationAeTitle, q.stationAeTitle));
    if (q.studyInstanceUids) where.push(inArray(exams.studyInstanceUid, q.studyInstanceUids));
    const n = q.patientName;
    if (n) {
      // Case-insensitive (ILIKE) on the groups as returned; without '=' either group may match.
      if (n.any) where.push(sql`(${alphabeticGroup} ilike ${n.any} or ${ideographicGroup} ilike ${n.any})`);
      if (n.alphabetic) where.push(sql`${alphabeticGroup} ilike ${n.alphabetic}`);
      if (n.ideographic) where.push(sql`${ideographicGroup} ilike ${n.ideographic}`);
      // Thai text can only be in the exam's Thai name copy: let the trigram index find candidates.
      if (n.thaiLiteral)
        where.push(
          sql`${exams.patientNameSearch} like ${`%${n.thaiLiteral.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
        );
    }

    const rows = await this.db
      .select({
        id: exams.id,
        accessionNumber: exams.accessionNumber,
        modality: exams.modalityCode,
        description: exams.description,
        stationAeTitle: exams.scheduledStationAeTitle,
        startDate: sql<string>`to_char(${exams.examDate} at time zone 'Asia/Bangkok', 'YYYYMMDD')`,
        startTime: sql<string>`to_char(${exams.examDate} at time zone 'Asia/Bangkok', 'HH24MISS')`,
        hn: exams.hn,
        issuerOfPatientId: exams.issuerOfPatientId,
        birthDate: sql<string | null>`to_char(${exams.birthDate}, 'YYYYMMDD')`,
        gender: exams.gender,
        thaiName,
        englishName,
        referringPhysicianName: exams.referringPhysicianName,
        studyInstanceUid: exams.studyInstanceUid,
        institutionName: branches.nameEn,
      })
      .from(exams)
      .leftJoin(patients, eq(patients.id, exams.patientId))
      .leftJoin(branches, eq(branches.id, exams.branchId))
      .where(and(...where))
      .orderBy(asc(exams.examDate), asc(exams.id))
      .limit(limit);
    return rows;
  }
}
