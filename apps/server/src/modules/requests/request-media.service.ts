import type { Readable } from 'node:stream';
import type { AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import { httpError } from '../../http/http.errors';
import { requestError } from './requests.errors';
import type { FileStore, StoredFile } from '../../storage/file-store';
import { contentTypeOf, isAcceptedDocument, isInlineSafe } from '../documents/document-types';
import type { DocumentsService } from '../documents/documents.service';
import type { RequestsService } from './requests.service';

/** Report attachments of a request (spec §7 reportAttachment and media). */
export class RequestMediaService {
  constructor(
    private readonly documents: DocumentsService,
    private readonly requests: RequestsService,
    private readonly store: FileStore,
    private readonly audit: AuditService,
  ) {}

  async check(user: CurrentUser, requestId: string, fileName: string): Promise<void> {
    await this.requests.loadInScope(user, requestId);
    if (!isAcceptedDocument(fileName)) throw requestError('REQUEST_MEDIA_BAD_TYPE');
  }

  receive(stream: Readable): Promise<StoredFile> {
    return this.store.put(stream, { prefix: 'request-media' });
  }

  async attach(user: CurrentUser, requestId: string, stored: StoredFile, fileName: string): Promise<string> {
    const r = await this.requests.loadInScope(user, requestId);
    if (stored.sizeBytes === 0) throw httpError('EMPTY_FILE');
    const row = await this.documents.record({
      requestId,
      patientId: r.patientId,
      kind: 'reportAttachment',
      fileName,
      contentType: contentTypeOf(fileName),
      sizeBytes: stored.sizeBytes,
      storageKey: stored.key,
      sha256: stored.sha256,
      uploadedBy: user.userId,
    });
    await this.audit.record(
      null,
      { action: 'request.attachment.upload', entityType: 'request', entityId: requestId, patientId: r.patientId },
      { userId: user.userId, username: user.username },
    );
    return row.id;
  }

  async open(user: CurrentUser, requestId: string, mediaId: string) {
    const r = await this.requests.loadInScope(user, requestId);
    const doc = await this.documents.ofRequest(requestId, mediaId);
    if (!doc) throw requestError('REQUEST_MEDIA_NOT_FOUND');
    await this.audit.record(
      null,
      { action: 'request.attachment.open', entityType: 'request', entityId: requestId, patientId: r.patientId },
      { userId: user.userId, username: user.username },
    );
    return {
      stream: await this.store.open(doc.storageKey),
      fileName: doc.fileName,
      contentType: doc.contentType,
      inline: isInlineSafe(doc.contentType),
      size: doc.sizeBytes,
    };
  }
}
