import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/client';
import type { FileStore } from '../../storage/file-store';
import type { DicomArchive, IngestContext, IngestResult, ReceivedFileFacts } from '../archive';
import type { StoredFile } from '../../storage/file-store';
import { readInstance, readReceivedInstance, type InstanceInfo } from '../parse/read-instance';
import { ArchiveRepository, StudyOfAnotherExamError, type IndexedInstance, type KnownSeriesInstance, type SeriesHome } from './archive.repository';

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

/** An unlinked study's exam is looked for again (full path) at most this often while its images stream in. */
const LINK_RECHECK_MS = 5_000;
/** Series remembered per process (a busy day's series fit; the oldest is dropped first). */
const SERIES_CACHE_SIZE = 5_000;

type CachedSeries = SeriesHome & { checkedAt: number };
/** Instances indexed together at most (one statement). */
const MAX_BATCH = 64;

interface PendingIndex {
  item: KnownSeriesInstance;
  resolve(outcome: { status: 'stored' | 'duplicate'; examId: string | null }): void;
  reject(err: unknown): void;
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
  private readonly seriesHomes = new Map<string, CachedSeries>();
  private readonly pending: PendingIndex[] = [];
  private flushing = false;
  private readonly maxBytes: number;
  private readonly now: () => Date;

  constructor(db: Database, private readonly store: FileStore, private readonly opts: LocalArchiveOptions = {}) {
    this.repo = new ArchiveRepository(db);
    this.maxBytes = opts.maxInstanceBytes ?? DEFAULT_MAX_INSTANCE_BYTES;
    this.now = opts.now ?? (() => new Date());
  }

  async ingestFile(tempPath: string, ctx: IngestContext, received?: ReceivedFileFacts): Promise<IngestResult> {
    try {
      const read = received
        ? await readReceivedInstance(tempPath, received, { maxBytes: this.maxBytes })
        : await readInstance(tempPath, { maxBytes: this.maxBytes });
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
        // The file is made durable first (a move, not a copy) and its row committed after; a duplicate found by the
        // index then gives its new file back. Checking for the duplicate first would cost every new instance a query.
        const stored = await this.store.adopt(tempPath, { prefix: DICOM_PREFIX, ...(received ? { sha256: received.sha256, sizeBytes: received.sizeBytes, flushed: received.flushed } : {}) });
        let outcome: { status: 'stored' | 'duplicate'; examId: string | null };
        try {
          outcome = await this.index(info, stored, ctx, forced);
        } catch (err) {
          await this.store.remove(stored.key).catch(() => undefined);
          throw err;
        }
        const base = { sopInstanceUid: info.sopInstanceUid, studyInstanceUid: info.studyInstanceUid, examId: outcome.examId };
        if (outcome.status === 'duplicate') {
          await this.store.remove(stored.key).catch(() => undefined);
          const existing = await this.repo.findInstance(info.sopInstanceUid);
          return { status: 'duplicate', sopInstanceUid: info.sopInstanceUid, studyInstanceUid: existing?.studyInstanceUid ?? info.studyInstanceUid, examId: existing?.examId ?? outcome.examId };
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

  /**
   * The index rows of one stored instance. An instance of a series this process indexed moments ago takes one
   * statement; the first of a series (or one whose study may have gained an exam since) takes the full transaction,
   * which also links the study to its exam.
   */
  private async index(info: InstanceInfo, stored: StoredFile, ctx: IngestContext, forced: string | null): Promise<{ status: 'stored' | 'duplicate'; examId: string | null }> {
    const now = this.now();
    const home = forced ? undefined : this.seriesHomes.get(info.seriesInstanceUid);
    if (home && home.studyInstanceUid === info.studyInstanceUid) {
      let fast: { status: 'stored' | 'duplicate'; examId: string | null };
      try {
        fast = await this.indexBatched({ seriesId: home.seriesId, info, stored });
      } catch {
        // The series row went away (a purge): forget it and index the long way, which recreates it.
        this.seriesHomes.delete(info.seriesInstanceUid);
        return this.indexFully(info, stored, ctx, forced, now);
      }
      if (fast.status === 'duplicate') return { status: 'duplicate', examId: home.examId };
      // Unlinked now: its images were deleted since, or it never matched. Look for its exam again (not on every image).
      if (fast.examId === null && (home.examId !== null || now.getTime() - home.checkedAt >= LINK_RECHECK_MS)) {
        home.checkedAt = now.getTime();
        fast.examId = await this.repo.linkIfUnmatched(info, this.indexContext(ctx, null), now);
      }
      home.examId = fast.examId;
      return fast;
    }
    return this.indexFully(info, stored, ctx, forced, now);
  }

  /**
   * Group commit: an instance of a known series joins the statement about to run. Alone (one association) it runs at
   * once; while a statement runs, the instances that arrive meanwhile on other associations wait and then share the
   * next one, so parallel senders pay for one commit per batch instead of one each.
   */
  private indexBatched(item: KnownSeriesInstance): Promise<{ status: 'stored' | 'duplicate'; examId: string | null }> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (!this.flushing) void this.flushPending();
    });
  }

  private async flushPending(): Promise<void> {
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, MAX_BATCH);
        const now = this.now();
        try {
          const outcomes = await this.repo.indexManyInKnownSeries(batch.map((b) => b.item), now);
          batch.forEach((b, i) => b.resolve(outcomes[i]!));
        } catch (err) {
          if (batch.length === 1) {
            batch[0]!.reject(err);
            continue;
          }
          // One instance of a purged series fails the statement: the others must not fail with it.
          for (const b of batch) {
            try {
              b.resolve((await this.repo.indexManyInKnownSeries([b.item], now))[0]!);
            } catch (one) {
              b.reject(one);
            }
          }
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private indexContext(ctx: IngestContext, forced: string | null) {
    return { source: ctx.source, userId: ctx.userId ?? null, userName: ctx.userName ?? ctx.source, forcedExamId: forced };
  }

  /** The full transaction (first image of a series in this process, a forced exam, or a series that vanished). */
  private async indexFully(info: InstanceInfo, stored: StoredFile, ctx: IngestContext, forced: string | null, now: Date): Promise<{ status: 'stored' | 'duplicate'; examId: string | null }> {
    const outcome = await this.repo.indexInstance(info, stored, this.indexContext(ctx, forced), now);
    const where = await this.repo.seriesHome(info.seriesInstanceUid);
    if (where) this.remember(info.seriesInstanceUid, { ...where, checkedAt: now.getTime() });
    return outcome;
  }

  private remember(seriesUid: string, home: CachedSeries): void {
    this.seriesHomes.delete(seriesUid);
    this.seriesHomes.set(seriesUid, home);
    if (this.seriesHomes.size > SERIES_CACHE_SIZE) {
      const oldest = this.seriesHomes.keys().next().value;
      if (oldest !== undefined) this.seriesHomes.delete(oldest);
    }
  }

  /**
   * Links an unmatched study to an exam a person chose (the unmatched-studies screen). False when the study was
   * matched or emptied meanwhile.
   */
  async matchStudy(studyId: string, examId: string, who: { userId: string; userName: string }): Promise<boolean> {
    const uid = await this.repo.matchStudy(studyId, examId, {
      source: 'MATCH', userId: who.userId, userName: who.userName, forcedExamId: examId,
      event: { action: 'imagesMatched', detail: 'จับคู่ภาพที่ยังไม่มี exam กับ exam นี้' },
    }, this.now());
    if (!uid) return false;
    this.forgetSeries();
    this.emit(uid, examId);
    return true;
  }

  /** Forget what this process knows of series (after images were deleted or moved by another path). */
  forgetSeries(): void {
    this.seriesHomes.clear();
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
