import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common';
import { exams } from './exams';

/** One series a modality reported in its MPPS (Performed Series Sequence): the UID and how many instances. */
export interface PerformedSeries {
  seriesInstanceUid: string;
  instances: number;
  description: string | null;
}

/** A Modality Performed Procedure Step instance (N-CREATE, then N-SETs until COMPLETED or DISCONTINUED). */
export const dicomMpps = pgTable(
  'dicom_mpps',
  {
    sopInstanceUid: text().primaryKey(),
    /** The exam the scheduled step named; null for an unscheduled procedure or one we could not match. */
    examId: uuid().references(() => exams.id),
    callingAeTitle: text().notNull(),
    /** IN PROGRESS, COMPLETED or DISCONTINUED (PerformedProcedureStepStatus). */
    status: text().notNull(),
    performedStationAeTitle: text(),
    modality: text(),
    performedProcedureStepId: text(),
    /** PerformedProcedureStepStartDate and Time as sent (DA TM, the modality's clock). */
    startedAt: text(),
    endedAt: text(),
    performedSeries: jsonb().$type<PerformedSeries[]>().notNull().default([]),
    /** The Code Meaning of the discontinuation reason, when DISCONTINUED gave one. */
    discontinuationReason: text(),
    /** The instance's attributes as last set (naturalized by dcmjs: keyword → value). */
    attributes: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('dicom_mpps_exam_idx')
      .on(t.examId)
      .where(sql`${t.examId} is not null`),
  ],
);
