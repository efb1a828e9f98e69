import type { Readable } from 'node:stream';
import type { AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import { httpError } from '../../http/http.errors';
import { documentError } from '../documents/documents.errors';
import { requestError } from './requests.errors';
import type { FileStore, StoredFile } from '../../storage/file-store';
import { applyFileNamePrefix, contentTypeOf, isAcceptedDocument } from '../documents/document-types';
import type { DocumentsService } from '../documents/documents.service';
import { requestScopeCondition } from '../../auth/data-scope/request-scope';
import type { RequestsRepository } from './requests.repository';
import type { RequestsService } from './requests.service';

export interface RequestDocumentEntry {
  documentId: string;
  fileName: string;
  uploadBy: string;
  uploadDate: string;
  requestId: string | null;
  documentTypeId: number | null;
  modalityCode: string | null;
}

/** Request documents (spec §7 "Documents and patients": POST api/document/upload, GET /api/document/{ids}). */
export class RequestDocumentsService {
  constructor(
    private readonly documents: DocumentsService,
    private readonly lookups: Pick<RequestsRepository, 'lookup'>,
    private readonly requests: RequestsService,
    private readonly store: FileStore,
    private readonly audit: AuditService,
  ) {}

  async check(user: CurrentUser, fileName: string, requestId: string | null): Promise<void> {
    if (requestId) await this.requests.loadInScope(user, requestId);
    if (!isAcceptedDocument(fileName)) throw documentError('DOCUMENT_BAD_TYPE');
  }

  receive(stream: Readable): Promise<StoredFile> {
    return this.store.put(stream, { prefix: 'request-documents' });
  }

  /** Records an upload: on a request when one is named, else held for the form to attach on save (documentIds). */
  async attach(
    user: CurrentUser,
    stored: StoredFile,
    original: string,
    f: { prefix?: string; requestId: string | null; documentTypeId: number | null; modalityCode: string | null },
  ): Promise<RequestDocumentEntry> {
    if (stored.sizeBytes === 0) throw httpError('EMPTY_FILE');
    const request = f.requestId ? await this.requests.loadInScope(user, f.requestId) : null;
    if (f.documentTypeId !== null && !(await this.lookups.lookup(f.documentTypeId, 'requestDocument')))
      throw requestError('REQUEST_DOCUMENT_TYPE_UNKNOWN');
    const fileName = applyFileNamePrefix(original, f.prefix);
    const row = await this.documents.record({
      requestId: request?.id ?? null,
      patientId: request?.patientId ?? null,
      kind: 'requestDocument',
      documentTypeId: f.documentTypeId,
      modalityCode: f.modalityCode,
      fileName,
      contentType: contentTypeOf(fileName),
      sizeBytes: stored.sizeBytes,
      storageKey: stored.key,
      sha256: stored.sha256,
      uploadedBy: user.userId,
    });
    await this.audit.record(
      null,
      {
        action: 'request.document.upload',
        entityType: 'request',
        entityId: request?.id ?? null,
        patientId: request?.patientId ?? null,
        detail: { documentId: row.id },
      },
      { userId: user.userId, username: user.username },
    );
    return {
      documentId: row.id,
      fileName,
      uploadBy: user.displayName,
      uploadDate: row.uploadedAt.toISOString(),
      requestId: row.requestId,
      documentTypeId: row.documentTypeId,
      modalityCode: row.modalityCode,
    };
  }

  /** The listed documents the user may see: of a request in scope, or uploaded by the user and not yet on a request. */
  async list(user: CurrentUser, ids: string[]): Promise<RequestDocumentEntry[]> {
    if (ids.length === 0) return [];
    const rows = await this.documents.listByIds(ids, requestScopeCondition(user));
    return rows
      .filter((r) => (r.doc.requestId ? r.scoped !== null : r.doc.uploadedBy === user.userId))
      .map((r) => ({
        documentId: r.doc.id,
        fileName: r.doc.fileName,
        uploadBy: r.uploadBy ?? '',
        uploadDate: r.doc.uploadedAt.toISOString(),
        requestId: r.doc.requestId,
        documentTypeId: r.doc.documentTypeId,
        modalityCode: r.doc.modalityCode,
      }));
  }
}
