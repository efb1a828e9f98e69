import type { AuditService } from '../../audit/audit.service';
import type { Database } from '../../db/client';
import type { IssueExamToken } from '../exams/exams.routes';
import type { ExamsService } from '../exams/exams.service';
import { WeasisRepository } from './weasis.repository';
import { weasisRoutes } from './weasis.routes';
import { WeasisService } from './weasis.service';

export interface WeasisModuleDeps {
  db: Database;
  exams: ExamsService;
  audit: AuditService;
  issueToken: IssueExamToken;
  /** arcId of the manifest (DICOM_AE_TITLE). */
  aeTitle: string;
}

/** The Weasis manifest of an exam, wired: repository → service → route plugin. */
export function weasisModule(deps: WeasisModuleDeps) {
  const service = new WeasisService({
    repo: new WeasisRepository(deps.db),
    exams: deps.exams,
    audit: deps.audit,
    issueToken: deps.issueToken,
    arcId: deps.aeTitle,
  });
  return { service, plugin: weasisRoutes(service) };
}
