import { and, count, desc, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { UnmatchedStudy } from '@rangsi/contract';
import type { Database } from '../../db/client';
import { dicomStudies } from '../../db/schema/index';

/** Studies without an exam that still hold images (a DICOM delete empties and unlinks them: not listed). */
export class UnmatchedStudiesRepository {
  constructor(private readonly db: Database) {}

  async page(
    q: string | undefined,
    page: number,
    pageSize: number,
  ): Promise<{ rows: UnmatchedStudy[]; total: number }> {
    const where = and(isNull(dicomStudies.examId), gt(dicomStudies.numberOfInstances, 0), q ? matches(q) : undefined);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          studyId: dicomStudies.id,
          studyInstanceUid: dicomStudies.studyInstanceUid,
          patientId: dicomStudies.patientId,
          patientName: dicomStudies.patientName,
          patientBirthDate: dicomStudies.patientBirthDate,
          patientSex: dicomStudies.patientSex,
          accessionNumber: dicomStudies.accessionNumber,
          studyDate: dicomStudies.studyDate,
          studyDescription: dicomStudies.studyDescription,
          modalities: dicomStudies.modalitiesInStudy,
          numberOfSeries: dicomStudies.numberOfSeries,
          numberOfInstances: dicomStudies.numberOfInstances,
          receivedAt: dicomStudies.receivedAt,
          source: dicomStudies.callingAeTitle,
          unmatchedReason: dicomStudies.unmatchedReason,
        })
        .from(dicomStudies)
        .where(where)
        .orderBy(desc(dicomStudies.receivedAt), dicomStudies.id)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(dicomStudies).where(where),
    ]);
    return {
      rows: rows.map((r) => ({
        ...r,
        receivedAt: r.receivedAt.toISOString(),
        unmatchedReason: r.unmatchedReason === 'patient-id-mismatch' ? r.unmatchedReason : null,
      })),
      total: total?.n ?? 0,
    };
  }
}

/** Any part of the name (as QIDO's fuzzy search: the trigram-indexed search column), or the start of an ID. */
function matches(q: string): SQL | undefined {
  const like = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  const name = like(
    q
      .toLowerCase()
      .replace(/[\^=]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  return or(
    sql`${dicomStudies.patientNameSearch} like ${`%${name}%`}`,
    ilike(dicomStudies.patientId, `${like(q)}%`),
    ilike(dicomStudies.accessionNumber, `${like(q)}%`),
  );
}
