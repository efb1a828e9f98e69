import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/client';
import type { FileStore, StagedFile } from '../../storage/file-store';
import type { DicomArchive, IngestContext, IngestResult, ReceivedFileFacts } from '../archive';
import type { StoredFile } from '../../storage/file-store';
import {
  readInstance,
  readInstanceBytes,
  readReceivedInstance,
  type InstanceInfo,
  type ReadOptions,
  type ReadResult,
} from '../parse/read-instance';
import {
  ArchiveRepository,
  StudyOfAnotherExamError,
  type IndexedInstance,
  type KnownSeriesInstance,
  type KnownSeriesOutcome,
  type SeriesHome,
} from './archive.repository';

import type { ExamImageState } from '../exam-image-state';
/** Where instances live in the FileStore. */
export const DICOM_PREFIX = 'dicom';
/** Default ceiling for one instance (a 2 GB stream is refused, not stored). */
export const DEFAULT_MAX_INSTANCE_BYTES = 1 << 30;

export interface LocalArchiveOptions {
  maxInstanceBytes?: number;
  /** DICOM_ASSUMED_CHARACTER_SET: text of an instance declaring no set, from a sender with none of its own configured. */
  assumedCharacterSet?: string | undefined;
  now?: () => Date;
  /** Where failures are reported (never patient data: codes, UIDs are not logged either). */
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * What this process remembers of a series is trusted this long; the next image after it takes the full path, which
 * reads the series and its study again (links an unmatched study whose exam now exists, notices a DICOM delete made by
 * another server). A delete made here forgets at once (forgetSeries).
 */
const SERIES_TRUST_MS = 1_000;
/** Series remembered per process (a busy day's series fit; the oldest is dropped first). */
const SERIES_CACHE_SIZE = 5_000;

type CachedSeries = SeriesHome & { checkedAt: number };
/** Instances indexed together at most (one statement). */
const MAX_BATCH = 64;
/**
 * Series and study counts of the hot path are recounted this long after their first new image: one statement for
 * hundreds of images instead of two row updates per image (they cost more than the image's own row). Readers that
 * show counts call flushCounts() first.
 */
const COUNT_FLUSH_MS = 250;
/** After a crash, studies changed within this time of the newest change are recounted at start. */
const REPAIR_WINDOW_MS = 24 * 3600_000;

interface PendingIndex {
  item: KnownSeriesInstance;
  resolve(outcome: 'stored' | 'duplicate'): void;
  reject(err: unknown): void;
}

/** A file put for an instance: its key (bytes complete), and when it is flushed. */
interface PutFile {
  stored: StoredFile;
  durable: Promise<void>;
  flushedNow: () => boolean;
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
  /** Series whose counts are due (hot-path images since their last recount), with when their newest image came. */
  private readonly countsDue = new Map<string, Date>();
  private countTimer: NodeJS.Timeout | null = null;
  private countFlush: Promise<void> | null = null;
  private readonly maxBytes: number;
  private readonly now: () => Date;

  constructor(
    db: Database,
    private readonly store: FileStore,
    /** The exams module's writer of exam state: a study linked to its exam marks it as having images. */
    examState: ExamImageState,
    private readonly opts: LocalArchiveOptions = {},
  ) {
    this.repo = new ArchiveRepository(db, examState);
    this.maxBytes = opts.maxInstanceBytes ?? DEFAULT_MAX_INSTANCE_BYTES;
    this.now = opts.now ?? (() => new Date());
  }

  private readOptions(ctx: IngestContext): ReadOptions {
    return { maxBytes: this.maxBytes, assumedCharacterSet: ctx.assumedCharacterSet ?? this.opts.assumedCharacterSet };
  }

  async ingestFile(tempPath: string, ctx: IngestContext, received?: ReceivedFileFacts): Promise<IngestResult> {
    try {
      return await this.ingest(
        () =>
          received
            ? readReceivedInstance(tempPath, received, this.readOptions(ctx))
            : readInstance(tempPath, this.readOptions(ctx)),
        async () => ({
          stored: await this.store.adopt(tempPath, {
            prefix: DICOM_PREFIX,
            ...(received ? { sha256: received.sha256, sizeBytes: received.sizeBytes, flushed: received.flushed } : {}),
          }),
          durable: Promise.resolve(),
          flushedNow: () => true,
        }),
        ctx,
      );
    } finally {
      await fsp.rm(tempPath, { force: true }).catch(() => undefined);
    }
  }

  async ingestBytes(bytes: Buffer, ctx: IngestContext, facts: { sha256?: string } = {}): Promise<IngestResult> {
    // The write starts now, on the store's thread, and runs while the attributes are read; the index row goes in while
    // the file is flushed (IN9). An instance refused after all has its file removed again.
    const opts = { prefix: DICOM_PREFIX, ...(facts.sha256 ? { sha256: facts.sha256 } : {}) };
    const stage = (): StagedFile => {
      if (this.store.putBytesStaged) return this.store.putBytesStaged(bytes, opts);
      const written = this.store.putBytes(bytes, opts);
      const durable = written.then(() => undefined);
      durable.catch(() => undefined); // whoever fails on `written` never waits for it
      return { written, durable };
    };
    let staged: StagedFile | null = ctx.admit ? null : stage();
    try {
      return await this.ingest(
        () => readInstanceBytes(bytes, this.readOptions(ctx)),
        async () => {
          staged ??= stage();
          const s = staged;
          staged = null;
          return { stored: await s.written, durable: s.durable, flushedNow: s.flushedNow ?? (() => false) };
        },
        ctx,
      );
    } finally {
      // Written but never handed to the index (refused, or failed before): not kept.
      const left: StagedFile | null = staged;
      if (left)
        await left.written
          .then(
            (f) => this.store.remove(f.key),
            () => undefined,
          )
          .catch(() => undefined);
    }
  }

  /**
   * Read, check, store, index: the steps every way in shares. `put` gives the file's key once its bytes are complete
   * in storage, and `durable`, which settles once they are flushed; nothing is acknowledged before both that and the
   * index row.
   */
  private async ingest(
    read: () => Promise<ReadResult>,
    put: () => Promise<PutFile>,
    ctx: IngestContext,
  ): Promise<IngestResult> {
    try {
      const parsed = await read();
      if (!parsed.ok) return { status: 'refused', code: parsed.code, reason: parsed.reason };
      const info = parsed.info;
      // One SOP Instance at a time in this process: the second copy waits and then finds the first.
      return await this.serialized(info.sopInstanceUid, async (): Promise<IngestResult> => {
        const forced = ctx.examId ?? null;
        const owner = forced || ctx.admit ? await this.repo.examOfStudy(info.studyInstanceUid) : undefined;
        if (forced) {
          if (owner && owner !== forced)
            return { status: 'refused', code: 'error', reason: 'study already belongs to another exam' };
          if (!(await this.repo.examExists(forced)))
            return { status: 'refused', code: 'error', reason: 'exam not found' };
        }
        if (ctx.admit) {
          const examId =
            owner !== undefined && owner !== null ? owner : (forced ?? (await this.repo.resolveExam(info)));
          const refusal = await ctx.admit({
            studyInstanceUid: info.studyInstanceUid,
            sopClassUid: info.sopClassUid,
            studyExists: owner !== undefined,
            examId,
          });
          if (refusal) return { status: 'refused', code: 'error', reason: refusal };
        }
        // The file's bytes are complete before its row commits (a killed process keeps both), and the row commits while
        // the file is flushed. A duplicate found by the index then gives its new file back. Checking for the duplicate
        // first would cost every new instance a query.
        const { stored, durable, flushedNow } = await put();
        let outcome: { status: 'stored' | 'duplicate'; examId: string | null };
        try {
          outcome = await this.index(info, stored, ctx, forced);
        } catch (err) {
          await durable.catch(() => undefined);
          await this.store.remove(stored.key).catch(() => undefined);
          throw err;
        }
        try {
          // Usually flushed while the row went in: known at once, rather than once the writer's answer gets its turn.
          if (!flushedNow()) await durable;
        } catch (err) {
          // The file could not be flushed: its row goes again and the sender is told to retry.
          if (outcome.status === 'stored') await this.takeBack(info.sopInstanceUid, stored.key);
          throw err;
        }
        const base = {
          sopInstanceUid: info.sopInstanceUid,
          studyInstanceUid: info.studyInstanceUid,
          examId: outcome.examId,
        };
        if (outcome.status === 'duplicate') {
          const existing = await this.repo.findInstance(info.sopInstanceUid);
          if (existing?.deletedAt && !existing.coldKey) {
            // Sent again after a DICOM delete, before the purge: this copy replaces the hidden one.
            let replaced;
            try {
              replaced = await this.repo.indexInstance(
                info,
                stored,
                { ...this.indexContext(ctx, forced), replaceDeleted: true },
                this.now(),
              );
            } catch (err) {
              await this.store.remove(stored.key).catch(() => undefined);
              throw err;
            }
            this.forgetSeries();
            if (replaced.replacedKey) await this.store.remove(replaced.replacedKey).catch(() => undefined);
            if (replaced.status === 'stored') {
              this.emit(info.studyInstanceUid, replaced.examId);
              return {
                status: 'stored',
                sopInstanceUid: info.sopInstanceUid,
                studyInstanceUid: info.studyInstanceUid,
                examId: replaced.examId,
              };
            }
          }
          await this.store.remove(stored.key).catch(() => undefined);
          return {
            status: 'duplicate',
            sopInstanceUid: info.sopInstanceUid,
            studyInstanceUid: existing?.studyInstanceUid ?? info.studyInstanceUid,
            examId: existing?.examId ?? outcome.examId,
          };
        }
        this.emit(info.studyInstanceUid, outcome.examId);
        return { status: 'stored', ...base };
      });
    } catch (err) {
      if (err instanceof StudyOfAnotherExamError) return { status: 'refused', code: 'error', reason: err.message };
      this.opts.log?.error({ err: errorSummary(err) }, 'dicom ingest failed');
      return { status: 'refused', code: 'error', reason: 'the archive could not store the instance' };
    }
  }

  /** The row of an instance whose file could not be flushed is removed, and its series recounted. */
  private async takeBack(sopInstanceUid: string, key: string): Promise<void> {
    const seriesId = await this.repo.removeUnflushedInstance(sopInstanceUid, key);
    if (seriesId) this.countLater(seriesId, this.now());
  }

  /**
   * At start, after a crash: the files the store was writing when the process died. A file the index refers to with
   * its full size is kept; a row whose file is short (a power loss before its flush: never acknowledged) is removed
   * with the file; a file no row refers to (flushed, but its row not committed: never acknowledged) is removed.
   * Answers how many rows and files went.
   */
  async settleCrashLeftovers(): Promise<{ checked: number; rowsRemoved: number; filesRemoved: number }> {
    const left = this.store.crashLeftovers?.(DICOM_PREFIX);
    if (!left) return { checked: 0, rowsRemoved: 0, filesRemoved: 0 };
    const rows = await this.repo.rowsOfFiles(left.files.map((f) => ({ key: f.key, id: uuidOfKey(f.key) })));
    let rowsRemoved = 0;
    let filesRemoved = 0;
    for (const file of left.files) {
      const row = rows.get(file.key);
      if (row && row.sizeBytes === file.sizeBytes) continue;
      if (row) {
        const seriesId = await this.repo.removeUnflushedInstance(row.sopInstanceUid, file.key);
        if (seriesId) this.countLater(seriesId, this.now());
        rowsRemoved += 1;
      }
      await this.store.remove(file.key);
      filesRemoved += 1;
    }
    await this.flushCounts();
    left.settle();
    return { checked: left.files.length, rowsRemoved, filesRemoved };
  }

  /**
   * The index rows of one stored instance. An instance of a series this process indexed moments ago takes one plain
   * INSERT (its counts follow within COUNT_FLUSH_MS); the first of a series, or the first after SERIES_TRUST_MS, takes
   * the full transaction, which also links the study to its exam.
   */
  private async index(
    info: InstanceInfo,
    stored: StoredFile,
    ctx: IngestContext,
    forced: string | null,
  ): Promise<{ status: 'stored' | 'duplicate'; examId: string | null }> {
    const now = this.now();
    let home = forced ? undefined : this.seriesHomes.get(info.seriesInstanceUid);
    if (home && home.studyInstanceUid === info.studyInstanceUid && now.getTime() - home.checkedAt >= SERIES_TRUST_MS) {
      // Checked again in one statement; only a series that is gone or moved, or a study that can now be linked to
      // its exam, takes the full transaction (many series arriving interleaved each pass here once a second).
      const seen = await this.repo.seriesCheck(info.seriesInstanceUid, info);
      if (
        seen &&
        !seen.linkable &&
        seen.seriesId === home.seriesId &&
        seen.studyInstanceUid === info.studyInstanceUid
      ) {
        home = {
          seriesId: seen.seriesId,
          studyInstanceUid: seen.studyInstanceUid,
          examId: seen.examId,
          checkedAt: now.getTime(),
        };
        this.remember(info.seriesInstanceUid, home);
      } else {
        home = undefined;
      }
    }
    if (home && home.studyInstanceUid === info.studyInstanceUid && now.getTime() - home.checkedAt < SERIES_TRUST_MS) {
      let status: 'stored' | 'duplicate';
      try {
        status = await this.indexBatched({ seriesId: home.seriesId, info, stored });
      } catch {
        // The series row went away (a purge): forget it and index the long way, which recreates it.
        this.seriesHomes.delete(info.seriesInstanceUid);
        return this.indexFully(info, stored, ctx, forced, now);
      }
      if (status === 'stored') this.countLater(home.seriesId, now);
      return { status, examId: home.examId };
    }
    return this.indexFully(info, stored, ctx, forced, now);
  }

  /**
   * Group commit: an instance of a known series joins the statement about to run. Alone (one association) it runs at
   * once; while a statement runs, the instances that arrive meanwhile on other associations wait and then share the
   * next one, so parallel senders pay for one commit per batch instead of one each.
   */
  private indexBatched(item: KnownSeriesInstance): Promise<'stored' | 'duplicate'> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      // Started after the current turn of the event loop: files that became durable together (the writer answers a
      // batch at once) reach this point in the same turn, and then share one statement.
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flushPending());
      }
    });
  }

  private async flushPending(): Promise<void> {
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, MAX_BATCH);
        const now = this.now();
        try {
          const outcomes = await this.repo.insertKnownSeriesInstances(
            batch.map((b) => b.item),
            now,
          );
          batch.forEach((b, i) => settleKnown(b, outcomes[i]!));
        } catch (err) {
          if (batch.length === 1) {
            batch[0]!.reject(err);
            continue;
          }
          // One instance of a purged series fails the statement: the others must not fail with it.
          for (const b of batch) {
            try {
              settleKnown(b, (await this.repo.insertKnownSeriesInstances([b.item], now))[0]!);
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

  /** The series' counts are recounted within COUNT_FLUSH_MS. */
  private countLater(seriesId: string, at: Date): void {
    const known = this.countsDue.get(seriesId);
    if (!known || known < at) this.countsDue.set(seriesId, at);
    this.countTimer ??= setTimeout(() => {
      this.countTimer = null;
      this.flushCounts().catch((err: unknown) =>
        this.opts.log?.warn({ err: errorSummary(err) }, 'dicom recount failed'),
      );
    }, COUNT_FLUSH_MS);
  }

  /**
   * Brings the counts of every series this process stored images in up to date now (readers that show counts call it
   * first; stop calls it last). Resolves once they are committed.
   */
  async flushCounts(): Promise<void> {
    while (this.countFlush) await this.countFlush;
    if (!this.countsDue.size) return;
    if (this.countTimer) {
      clearTimeout(this.countTimer);
      this.countTimer = null;
    }
    const due = new Map(this.countsDue);
    this.countsDue.clear();
    this.countFlush = this.repo
      .recountSeries(due)
      .catch((err: unknown) => {
        for (const [id, at] of due) if (!this.countsDue.has(id)) this.countsDue.set(id, at);
        throw err;
      })
      .finally(() => {
        this.countFlush = null;
      });
    await this.countFlush;
  }

  /** At start: counts short by a crash (images acknowledged, their recount not yet run) are set right. */
  async repairCounts(): Promise<number> {
    return this.repo.recountRecentStudies(REPAIR_WINDOW_MS);
  }

  /** Stops the delayed recount and runs it now (server shutdown). */
  async close(): Promise<void> {
    await this.flushCounts();
  }

  private indexContext(ctx: IngestContext, forced: string | null) {
    return {
      source: ctx.source,
      userId: ctx.userId ?? null,
      userName: ctx.userName ?? ctx.source,
      forcedExamId: forced,
    };
  }

  /** The full transaction (first image of a series in this process, a forced exam, or a series that vanished). */
  private async indexFully(
    info: InstanceInfo,
    stored: StoredFile,
    ctx: IngestContext,
    forced: string | null,
    now: Date,
  ): Promise<{ status: 'stored' | 'duplicate'; examId: string | null }> {
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
    const uid = await this.repo.matchStudy(
      studyId,
      examId,
      {
        source: 'MATCH',
        userId: who.userId,
        userName: who.userName,
        forcedExamId: examId,
        event: { action: 'imagesMatched', detail: 'จับคู่ภาพที่ยังไม่มี exam กับ exam นี้' },
      },
      this.now(),
    );
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

/** A series gone from the index (purged) answers as an error: the caller then indexes the instance the long way. */
function settleKnown(pending: PendingIndex, outcome: KnownSeriesOutcome): void {
  if (outcome === 'series-gone') pending.reject(new Error('series no longer indexed'));
  else pending.resolve(outcome);
}

/** The UUID a store named a file with (its key's last part), which is also its index row's id; null otherwise. */
function uuidOfKey(key: string): string | null {
  const name = key.slice(key.lastIndexOf('/') + 1);
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(name) ? name.toLowerCase() : null;
}

/** An error for the log without its message's data (messages of driver errors can quote values). */
function errorSummary(err: unknown): { name: string; code?: string } {
  const e = err as { name?: string; code?: string };
  return { name: e?.name ?? 'Error', ...(e?.code ? { code: String(e.code) } : {}) };
}
