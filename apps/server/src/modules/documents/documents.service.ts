import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { DocumentRecord, DocumentsRepository, NewDocument } from './documents.repository';

export type { DocumentRecord, NewDocument } from './documents.repository';

/**
 * The document rows other modules keep (request documents, report attachments): the documents module owns the table,
 * the requests module decides who may upload and see them.
 */
export class DocumentsService {
  constructor(private readonly repo: DocumentsRepository) {}

  /** Records a stored upload. */
  record(values: NewDocument): Promise<DocumentRecord> {
    return this.repo.insert(values);
  }

  /** Inside the request's save: the listed uploads of `uploadedBy` not yet on a request become this request's. */
  attachToRequest(tx: Database, ids: string[], requestId: string, uploadedBy: string): Promise<void> {
    return this.repo.attachToRequest(tx, ids, requestId, uploadedBy);
  }

  /** A live document of the request, or undefined. */
  ofRequest(requestId: string, documentId: string): Promise<DocumentRecord | undefined> {
    return this.repo.findForRequest(requestId, documentId);
  }

  /** Live documents by id, with the uploader's name and whether their request is within `requestScope`. */
  listByIds(ids: string[], requestScope: SQL) {
    return this.repo.listByIds(ids, requestScope);
  }
}
