import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/client';
import type { FileStore } from '../../storage/file-store';
import type { DicomArchive, IngestContext, IngestResult } from '../archive';
import { readInstance } from '../parse/read-instance';
import { ArchiveRepository, StudyOfAnotherExamError, type IndexedInstance } from './archive.repository';

/** Where instances live in the FileStore. */
export const DICOM_PREFIX = 'dicom';
/** Default ceiling for one instance (a 2 GB stream is refused, not stored). */
export const DEFAULT_MAX_INSTANCE_BYTES = 1 << 30;

export interface LocalArchiveOptions {
  maxInstanceBytes?: number;
  now?: () => Date;
  /** Where failures are reported (never patient data: codes, UIDs are not logged either). */
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

type StudyListener = (e: { studyInstanceUid: string; examId: string | null }) => void;

/**
 * Rangsi's own archive: files in the FileStore under 'dicom/', the index in the database. An instance is durable
 * (fsynced and renamed by the store) before its row commits; a file without a row (a crash in between) is harmless
 * and `dicom:reindex` picks it up. The same SOP Instance is stored once.
 */
export class LocalDicomArchive implements DicomArchive {
  readonly repo: ArchiveRepository;
  private readonly listeners = new Set<StudyListener>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly maxBytes: number;
  private readonly now: () => Date;

  constructor(db: Database, private readonly store: FileStore, private readonly opts: LocalArchiveOptions = {}) {
    this.repo = new ArchiveRepository(db);
    this.maxBytes = opts.maxInstanceBytes ?? DEFAULT_MAX_INSTANCE_BYTES;
    this.now = opts.now ?? (() => new Date());
  }

  async ingestFile(tempPath: string, ctx: IngestContext): Promise<IngestResult> {
    try {
      const read = await readInstance(tempPath, { maxBytes: this.maxBytes });
      if (!read.ok) return { status: 'refused', code: read.code, reason: read.reason };
      const info = read.info;
      // One SOP Instance at a time in this process: the second copy waits and then finds the first.
      return await this.serialized(info.sopInstanceUid, async (): Promise<IngestResult> => {
        const forced = ctx.examId ?? null;
        const owner = forced || ctx.admit ? await this.repo.examOfStudy(info.studyInstanceUid) : undefined;
        if (forced) {
          if (owner && owner !== forced) return { status: 'refused', code: 'error', reason: 'study already belongs to another exam' };
          if (!(await this.repo.examExists(forced))) return { status: 'refused', code: 'error', reason: 'exam not found' };
        }
        if (ctx.admit) {
          const examId = owner !== undefined && owner !== null ? owner : forced ?? (await this.repo.resolveExam(info));
          const refusal = await ctx.admit({ studyInstanceUid: info.studyInstanceUid, sopClassUid: info.sopClassUid, studyExists: owner !== undefined, examId });
          if (refusal) return { status: 'refused', code: 'error', reason: refusal };
        }
        const existing = await this.repo.findInstance(info.sopInstanceUid);
        if (existing) return { status: 'duplicate', sopInstanceUid: info.sopInstanceUid, studyInstanceUid: existing.studyInstanceUid, examId: existing.examId };
        const stored = await this.store.put(fs.createReadStream(tempPath), { prefix: DICOM_PREFIX });
        const outcome = await this.repo.indexInstance(info, stored, {
          source: ctx.source,
          userId: ctx.userId ?? null,
          userName: ctx.userName ?? ctx.source,
          forcedExamId: forced,
        }, this.now());
        const base = { sopInstanceUid: info.sopInstanceUid, studyInstanceUid: info.studyInstanceUid, examId: outcome.examId };
        if (outcome.status === 'duplicate') {
          // Another server won the race: its copy is the one indexed; ours stays unreferenced (reindex reports it).
          return { status: 'duplicate', ...base };
        }
        this.emit(info.studyInstanceUid, outcome.examId);
        return { status: 'stored', ...base };
      });
    } catch (err) {
      if (err instanceof StudyOfAnotherExamError) return { status: 'refused', code: 'error', reason: err.message };
      this.opts.log?.error({ err: errorSummary(err) }, 'dicom ingest failed');
      return { status: 'refused', code: 'error', reason: 'the archive could not store the instance' };
    } finally {
      await fsp.rm(tempPath, { force: true }).catch(() => undefined);
    }
  }

  async openInstance(sopInstanceUid: string): Promise<Readable | null> {
    const row = await this.repo.findInstance(sopInstanceUid);
    if (!row) return null;
    return this.openStored(row);
  }

  /** The stored file of an indexed instance, or null when it vanished from storage. */
  async openStored(row: Pick<IndexedInstance, 'storageKey'>): Promise<Readable | null> {
    try {
      return await this.store.open(row.storageKey);
    } catch {
      return null;
    }
  }

  onStudyChanged(listener: StudyListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(studyInstanceUid: string, examId: string | null): void {
    for (const l of this.listeners) {
      try {
        l({ studyInstanceUid, examId });
      } catch (err) {
        this.opts.log?.warn({ err: errorSummary(err) }, 'study listener failed');
      }
    }
  }

  private async serialized<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.inFlight.get(key);
    const run = (previous ?? Promise.resolve()).catch(() => undefined).then(fn);
    this.inFlight.set(key, run);
    try {
      return await run;
    } finally {
      if (this.inFlight.get(key) === run) this.inFlight.delete(key);
    }
  }
}

/** An error for the log without its message's data (messages of driver errors can quote values). */
function errorSummary(err: unknown): { name: string; code?: string } {
  const e = err as { name?: string; code?: string };
  return { name: e?.name ?? 'Error', ...(e?.code ? { code: String(e.code) } : {}) };
}
