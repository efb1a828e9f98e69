import type { Readable } from 'node:stream';
import { actorOf, type AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import { studyVisibility } from '../../auth/data-scope/study-scope';
import { dicomwebError } from '../../dicom/dicomweb/dicomweb.errors';
import type { StudyIdentityRepository } from '../../dicom/identity/study-identity.repository';

/**
 * The stored file exactly as the modality sent it, identity included, for whoever audits a reconciliation: every
 * other way out patches the exam's identity in (decision io31). Only the audit right opens it, and each read is logged.
 */
export class OriginalImagesService {
  constructor(
    private readonly repo: Pick<StudyIdentityRepository, 'originalInstance'>,
    private readonly archive: { openStored(row: { storageKey: string }): Promise<Readable | null> },
    private readonly audit: AuditService,
  ) {}

  async open(user: CurrentUser, at: { study: string; series: string; sop: string }): Promise<Readable> {
    const row = await this.repo.originalInstance(at.study, at.series, at.sop, studyVisibility(user));
    if (!row) throw dicomwebError('IMAGE_NOT_FOUND');
    if (row.archived) throw dicomwebError('DICOM_ARCHIVED');
    const body = await this.archive.openStored(row);
    if (!body) throw dicomwebError('IMAGE_FILE_NOT_FOUND');
    await this.audit.record(
      null,
      {
        action: 'dicom.original.read',
        entityType: 'study',
        entityId: row.studyInstanceUid,
        detail: { sopInstanceUid: row.sopInstanceUid, reconciled: row.reconciledIdentity !== null },
      },
      actorOf(user)!,
    );
    return body;
  }
}
