import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../../audit/audit.service';
import type { Database } from '../../db/client';
import type { ExamImages } from '../../dicom/cold/dicom-image-lifecycle';
import { StudyIdentities } from '../../dicom/identity/study-identities';
import type { LocalDicomArchive } from '../../dicom/index';
import { AssignableDoctorsRepository } from './assignable-doctors.repository';
import { dicomImportRoutes } from './dicom-import/dicom-import.routes';
import { DicomImportService } from './dicom-import/dicom-import.service';
import type { ExamStateWriter } from './exam-state';
import type { ExamAssignedHook } from './exams.service';
import { ExamsRepository } from './exams.repository';
import { examsRoutes, type IssueExamToken } from './exams.routes';
import { ExamsService } from './exams.service';
import { RecordConditionRepository } from './record-condition.repository';
import { RecordConditionService } from './record-condition.service';

export interface ExamsModuleDeps {
  db: Database;
  /** The one writer of exams and exam_events (createExamState). */
  examState: ExamStateWriter;
  audit: AuditService;
  now: () => Date;
  /** Hiding and purging an exam's images (DICOM delete). */
  images: ExamImages;
  issueToken: IssueExamToken;
  /** Exams whose images are on their way (the demo's generated images), shown as arriving. */
  arrivingImages?: { has(examId: string): boolean };
  /** Told inside the transaction of an assignment to a new doctor (the chat-accounts module's LINE notice). */
  onAssigned?: ExamAssignedHook;
}

/**
 * The worklist and every exam state change, wired. The service is made first (every DICOM feature reads exams
 * through it); the web DICOM import registers later, once the archive it writes into exists.
 */
export function examsModule(deps: ExamsModuleDeps) {
  const service = new ExamsService(
    new ExamsRepository(deps.db),
    deps.examState,
    new AssignableDoctorsRepository(deps.db),
    deps.audit,
    deps.now,
    deps.images,
    deps.arrivingImages,
    new StudyIdentities(deps.db, deps.now),
    deps.onAssigned,
  );
  const plugin = async (app: FastifyInstance): Promise<void> => {
    await app.register(
      examsRoutes(service, new RecordConditionService(new RecordConditionRepository(deps.db)), deps.issueToken),
    );
  };
  /** POST /api/exam/{id}/dicom/import, into `archive`, unpacking under `tempDir`. */
  const dicomImportPlugin = (archive: LocalDicomArchive, tempDir: string) =>
    dicomImportRoutes(new DicomImportService(archive, service, tempDir), service);
  return { service, plugin, dicomImportPlugin };
}
