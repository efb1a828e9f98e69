import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../../audit/audit.service';
import type { Database } from '../../db/client';
import { StudyIdentities } from '../../dicom/identity/study-identities';
import type { ExamStateWriter } from '../exams/exam-state';
import type { FileStore } from '../../storage/file-store';
import type { UidataService } from '../uidata/uidata.service';
import { patientPhotosRoutes } from './patient-photos.routes';
import { PatientPhotosRepository } from './patient-photos.repository';
import { PatientPhotosService } from './patient-photos.service';
import { PatientsRepository } from './patients.repository';
import { patientsRoutes } from './patients.routes';
import { PatientsService } from './patients.service';

export interface PatientsModuleDeps {
  db: Database;
  files: FileStore;
  audit: AuditService;
  uidata: UidataService;
  /** Checks the signed-in user's own password (the auth module owns credentials). */
  confirmPassword: (userId: string, password: string) => Promise<boolean>;
  now: () => Date;
  /** The exams' writer: their copy of the patient's HN follows a change. */
  examState: Pick<ExamStateWriter, 'patientHnChanged'>;
}

/** Patients, their search and photos, wired; the service is what billing reads (exam history's billing facts). */
export function patientsModule(deps: PatientsModuleDeps) {
  const service = new PatientsService(new PatientsRepository(deps.db), deps.confirmPassword, deps.audit, deps.now, {
    examState: deps.examState,
    studyIdentities: new StudyIdentities(deps.db, deps.now),
  });
  const plugin = async (app: FastifyInstance): Promise<void> => {
    await app.register(patientsRoutes(service, deps.uidata));
    await app.register(
      patientPhotosRoutes(
        new PatientPhotosService(new PatientPhotosRepository(deps.db), deps.files, deps.audit, deps.now),
      ),
    );
  };
  return { service, plugin };
}
