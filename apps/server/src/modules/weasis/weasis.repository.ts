import type { Database } from '../../db/client';
import { examImages, studyExtras, type ExamImageRow, type StudyExtras } from '../../dicom/exam-images.repository';

/** One stored instance of an exam, with the study and series attributes a Weasis manifest carries. */
export type ManifestRow = ExamImageRow;
export type { StudyExtras };

/** SQL for the Weasis manifest: the images indexed for one exam, in study, series and instance order. */
export class WeasisRepository {
  constructor(private readonly db: Database) {}

  instancesOfExam(examId: string): Promise<ManifestRow[]> {
    return examImages(this.db, examId);
  }

  studyExtras(examId: string): Promise<Map<string, StudyExtras>> {
    return studyExtras(this.db, examId);
  }
}
