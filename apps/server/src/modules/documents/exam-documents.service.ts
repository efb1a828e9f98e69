import type { Readable } from 'node:stream';
import type { CurrentUser } from '../../auth/current-user';
import { httpError } from '../../http/http.errors';
import type { FileStore, StoredFile } from '../../storage/file-store';
import type { ExamsService } from '../exams/exams.service';
import { applyFileNamePrefix, contentTypeOf, isAcceptedDocument, isInlineSafe } from './document-types';
import { documentError } from './documents.errors';
import type { DocumentsRepository } from './documents.repository';

export type ExamUploadKind = 'document' | 'file';

/** Documents and files of an exam (spec §2 Documents or Files dialog, §5 Upload). */
export class ExamDocumentsService {
  constructor(
    private readonly exams: ExamsService,
    private readonly repo: DocumentsRepository,
    private readonly store: FileStore,
  ) {}

  /** Refuses before any byte is stored: unknown or out-of-scope exam, or a document of a type §5 does not accept. */
  async checkUpload(user: CurrentUser, examId: string, kind: ExamUploadKind, fileName: string) {
    const exam = await this.exams.load(user, examId);
    if (kind === 'document' && !isAcceptedDocument(fileName)) throw documentError('DOCUMENT_BAD_TYPE');
    return exam;
  }

  receive(stream: Readable): Promise<StoredFile> {
    return this.store.put(stream, { prefix: 'exam-documents' });
  }

  /** Records a stored upload on the exam, logs it, and answers the entry and the refreshed worklist row. */
  async attach(
    user: CurrentUser,
    examId: string,
    kind: ExamUploadKind,
    stored: StoredFile,
    originalName: string,
    prefix?: string,
  ) {
    const exam = await this.exams.load(user, examId);
    if (stored.sizeBytes === 0) throw httpError('EMPTY_FILE');
    const fileName = applyFileNamePrefix(originalName, prefix);
    const row = await this.repo.insert({
      examId,
      patientId: exam.patientId,
      requestId: exam.requestId,
      kind,
      fileName,
      contentType: contentTypeOf(fileName),
      sizeBytes: stored.sizeBytes,
      storageKey: stored.key,
      sha256: stored.sha256,
      uploadedBy: user.userId,
    });
    await this.exams.recordEvent(user, exam, kind === 'document' ? 'documentUploaded' : 'fileUploaded', fileName);
    return {
      document: {
        documentId: row.id,
        fileName: row.fileName,
        uploadBy: user.displayName,
        uploadDate: row.uploadedAt.toISOString(),
      },
      exam: await this.exams.row(examId),
    };
  }

  async list(user: CurrentUser, examId: string, kind: ExamUploadKind) {
    await this.exams.load(user, examId);
    const rows = await this.repo.listForExam(examId, kind);
    return rows.map((r) => ({
      documentId: r.doc.id,
      fileName: r.doc.fileName,
      uploadBy: r.uploadBy ?? '',
      uploadDate: r.doc.uploadedAt.toISOString(),
    }));
  }

  /** Opens one document; only types safe to render are shown inline, the rest download. */
  async open(user: CurrentUser, examId: string, documentId: string) {
    const exam = await this.exams.load(user, examId);
    const doc = await this.repo.findForExam(examId, documentId);
    if (!doc) throw documentError('DOCUMENT_NOT_FOUND');
    await this.exams.recordEvent(user, exam, 'documentOpened', doc.fileName);
    return {
      stream: await this.store.open(doc.storageKey),
      fileName: doc.fileName,
      contentType: doc.contentType,
      inline: isInlineSafe(doc.contentType),
      size: doc.sizeBytes,
    };
  }
}
