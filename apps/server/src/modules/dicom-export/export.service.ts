import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import { z } from 'zod';
import type { CurrentUser } from '../../auth/current-user';
import type { ExamsService } from '../exams/exams.service';
import type { ExamRecord } from '../exams/exams.service';
import { TS } from '../../dicom/uids';
import { buildDicomdir } from './dicomdir-writer';
import { coerceStored } from '../../dicom/identity/coerce-stored';
import { exportLayout } from './export-layout';
import { exportError } from './export.errors';
import type { ExportRepository, ImageSetFingerprint } from './export.repository';

/** Spec §4 and §9: an export is stale 15 minutes after it was prepared. */
export const EXPORT_STALE_MS = 15 * 60_000;
const SWEEP_EVERY_MS = 60_000;

/** What the check answers once the zip is ready (the `data` of spec §7 `dicom/export/{id}/check`). */
export interface ExportReady {
  examId: string;
  accessionNumber: string | null;
  fileName: string;
  sizeBytes: number;
  instanceCount: number;
  preparedAt: string;
  expiresAt: string;
  /** Where the browser opens the download. */
  url: string;
}

export type ExportCheck = { state: 'ready'; ready: ExportReady } | { state: 'preparing'; done: number; total: number };

/** The file beside each prepared zip: its presence means the zip is complete. */
const Sidecar = z.object({
  examId: z.string(),
  accessionNumber: z.string().nullable(),
  fileName: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  instanceCount: z.number().int().nonnegative(),
  preparedAt: z.string(),
  fingerprint: z.object({
    count: z.number(),
    bytes: z.number(),
    lastReceivedAt: z.string().nullable(),
    cold: z.number(),
  }),
});
type Sidecar = z.infer<typeof Sidecar>;

interface Preparation {
  done: number;
  total: number;
  abort: AbortController;
  finished: Promise<void>;
}

/** Transfer syntaxes whose pixel data is not compressed already: worth a fast deflate in the zip. */
const NATIVE_SYNTAXES = new Set<string>([TS.implicitLE, TS.explicitLE, TS.explicitBE]);

export interface DicomExportDeps {
  repo: ExportRepository;
  exams: Pick<ExamsService, 'load' | 'recordEvent'>;
  /** The stored bytes of an instance (null when the file vanished from storage). */
  openStored: (row: { storageKey: string }) => Promise<Readable | null>;
  /** DATA_DIR/exports: prepared zips and their sidecars. */
  dir: string;
  now: () => Date;
  log: FastifyBaseLogger;
  staleMs?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * DICOM export (spec §4 "Zip, downloads and polling", §7): a zip of an exam's stored images with a DICOMDIR, prepared
 * in the background on the first check, kept on disk under DATA_DIR/exports for 15 minutes, then removed. One
 * preparation per exam at a time in this process. Nothing here touches exams.zip_status (the cold archive's).
 */
export class DicomExportService {
  private readonly running = new Map<string, Preparation>();
  private readonly failures = new Map<string, { code: 'EXPORT_FILES_MISSING' | 'EXPORT_FAILED'; at: number }>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly staleMs: number;

  constructor(private readonly deps: DicomExportDeps) {
    this.staleMs = deps.staleMs ?? EXPORT_STALE_MS;
  }

  /** Removes leftovers now and stale exports every minute. */
  start(): void {
    if (this.timer) return;
    void this.sweep().catch((err: unknown) =>
      this.deps.log.warn({ err: { name: (err as Error)?.name } }, 'export sweep failed'),
    );
    this.timer = setInterval(() => {
      void this.sweep().catch((err: unknown) =>
        this.deps.log.warn({ err: { name: (err as Error)?.name } }, 'export sweep failed'),
      );
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const inFlight = [...this.running.values()];
    for (const p of inFlight) p.abort.abort();
    await Promise.allSettled(inFlight.map((p) => p.finished));
  }

  /**
   * The export of an exam in the user's scope: ready (fresh, made from the images the exam has now), or being prepared
   * (started here when there is none). No images, archived images, or a preparation that failed: a 409 with the reason.
   */
  async check(user: CurrentUser, examId: string): Promise<ExportCheck> {
    const exam = await this.deps.exams.load(user, examId);
    const running = this.running.get(examId);
    if (running) return { state: 'preparing', done: running.done, total: running.total };
    const failure = this.failures.get(examId);
    if (failure) {
      this.failures.delete(examId);
      if (this.deps.now().getTime() - failure.at < this.staleMs) throw exportError(failure.code);
    }
    if (exam.zipStatus === 'Archive') throw exportError('EXPORT_ARCHIVED');
    const fingerprint = await this.deps.repo.fingerprint(examId);
    if (fingerprint.count === 0) throw exportError('EXPORT_NO_IMAGES');
    if (fingerprint.cold > 0) throw exportError('EXPORT_ARCHIVED');
    const sidecar = await this.readSidecar(examId);
    if (
      sidecar &&
      this.isFresh(sidecar, exam) &&
      sameImages(sidecar.fingerprint, fingerprint) &&
      (await exists(this.zipPath(examId)))
    ) {
      return { state: 'ready', ready: this.toReady(sidecar) };
    }
    const again = this.running.get(examId);
    if (again) return { state: 'preparing', done: again.done, total: again.total };
    if (this.closed) throw exportError('EXPORT_PREPARING');
    const prep = this.begin(exam, fingerprint);
    return { state: 'preparing', done: prep.done, total: prep.total };
  }

  /** The prepared zip of an exam in the user's scope, logged as a download on the exam. */
  async download(
    user: CurrentUser,
    examId: string,
  ): Promise<{ stream: Readable; fileName: string; sizeBytes: number }> {
    const exam = await this.deps.exams.load(user, examId);
    if (this.running.has(examId)) throw exportError('EXPORT_PREPARING');
    const sidecar = await this.readSidecar(examId);
    if (!sidecar || !this.isFresh(sidecar, exam)) throw exportError('EXPORT_NOT_PREPARED');
    const handle = await fsp.open(this.zipPath(examId), 'r').catch(() => null);
    if (!handle) throw exportError('EXPORT_NOT_PREPARED');
    await this.deps.exams.recordEvent(user, exam, 'dicomExported', `${sidecar.instanceCount} images`);
    return { stream: handle.createReadStream(), fileName: sidecar.fileName, sizeBytes: sidecar.sizeBytes };
  }

  /** Deletes stale exports, and temporary files no preparation is writing. Returns how many exports it removed. */
  async sweep(): Promise<number> {
    const names = await fsp.readdir(this.deps.dir).catch(() => [] as string[]);
    const now = this.deps.now().getTime();
    let removed = 0;
    for (const name of names) {
      const full = path.join(this.deps.dir, name);
      const examId = name.slice(0, 36);
      if (!UUID.test(examId)) continue;
      if (name.endsWith('.json')) {
        if (this.running.has(examId)) continue;
        const sidecar = await this.readSidecar(examId);
        if (!sidecar || now - Date.parse(sidecar.preparedAt) >= this.staleMs) {
          await this.remove(examId);
          removed += 1;
        }
      } else if (name.endsWith('.tmp') || name.endsWith('.zip')) {
        if (this.running.has(examId)) continue;
        // A zip without its sidecar, or a temporary file left by a crash: gone once nothing has written it for a while.
        const stat = await fsp.stat(full).catch(() => null);
        const orphan = name.endsWith('.tmp') || !(await exists(this.sidecarPath(examId)));
        if (stat && orphan && now - stat.mtimeMs >= this.staleMs) await fsp.rm(full, { force: true });
      }
    }
    return removed;
  }

  private begin(exam: ExamRecord, fingerprint: ImageSetFingerprint): Preparation {
    const abort = new AbortController();
    const prep: Preparation = { done: 0, total: fingerprint.count, abort, finished: Promise.resolve() };
    this.running.set(exam.id, prep);
    prep.finished = this.prepare(exam, prep)
      .catch((err: unknown) => {
        if (!abort.signal.aborted) {
          const missing = err instanceof MissingFileError;
          this.deps.log.error(
            { err: { name: (err as Error)?.name, message: missing ? 'missing file' : undefined }, examId: exam.id },
            'dicom export failed',
          );
          this.failures.set(exam.id, {
            code: missing ? 'EXPORT_FILES_MISSING' : 'EXPORT_FAILED',
            at: this.deps.now().getTime(),
          });
        }
      })
      .finally(() => {
        this.running.delete(exam.id);
      });
    return prep;
  }

  /** Writes DICOMDIR and every instance into a temporary zip, renames it into place, then writes the sidecar. */
  private async prepare(exam: ExamRecord, prep: Preparation): Promise<void> {
    await fsp.mkdir(this.deps.dir, { recursive: true });
    await this.remove(exam.id);
    const rows = await this.deps.repo.instancesOfExam(exam.id);
    if (rows.length === 0) throw new Error('no images');
    prep.total = rows.length;
    const fingerprint = await this.deps.repo.fingerprint(exam.id);
    const preparedAt = this.deps.now();
    const layout = exportLayout(rows, exam.accessionNumber ?? exam.id.slice(0, 8));
    const dicomdir = buildDicomdir(layout.fileSet);

    const zip = new yazl.ZipFile();
    const output = zip.outputStream as Readable;
    const none = undefined as unknown as Readable;
    zip.addBuffer(dicomdir, 'DICOMDIR', { mtime: preparedAt, compressionLevel: 6 });
    for (const entry of layout.entries) {
      // Uncompressed pixel data shrinks well with a fast deflate; JPEG, JPEG-LS, JPEG 2000 and RLE are stored as they are.
      const native = NATIVE_SYNTAXES.has(entry.row.transferSyntaxUid);
      zip.addReadStreamLazy(
        entry.path,
        // A reconciled study's files get the exam's identity patched in (decision io30): their size is known only then.
        {
          mtime: preparedAt,
          size: entry.row.identity ? undefined : entry.row.sizeBytes,
          compressionLevel: native ? 1 : 0,
        },
        (cb) => {
          if (prep.abort.signal.aborted) return cb(new Error('aborted'), none);
          this.deps
            .openStored(entry.row)
            .then((file) => coerceStored(file, entry.row.identity))
            .then(
              (stream) => {
                if (!stream) return cb(new MissingFileError(), none);
                const stop = () => stream.destroy();
                prep.abort.signal.addEventListener('abort', stop, { once: true });
                stream.once('close', () => prep.abort.signal.removeEventListener('abort', stop));
                stream.once('end', () => {
                  prep.done += 1;
                });
                stream.once('error', (err) => output.destroy(err));
                cb(null, stream);
              },
              (err: unknown) => cb(err, none),
            );
        },
      );
    }
    zip.on('error', (err: Error) => output.destroy(err));
    zip.end();

    const tmp = path.join(this.deps.dir, `${exam.id}.${process.pid}.${Date.now()}.tmp`);
    try {
      await pipeline(output, fs.createWriteStream(tmp), { signal: prep.abort.signal });
      const { size } = await fsp.stat(tmp);
      await fsp.rename(tmp, this.zipPath(exam.id));
      const sidecar: Sidecar = {
        examId: exam.id,
        accessionNumber: exam.accessionNumber,
        fileName: `${fileNameBase(exam.accessionNumber, exam.id)}.zip`,
        sizeBytes: size,
        instanceCount: rows.length,
        preparedAt: preparedAt.toISOString(),
        fingerprint,
      };
      const sidecarTmp = `${tmp}.json.tmp`;
      await fsp.writeFile(sidecarTmp, JSON.stringify(sidecar));
      await fsp.rename(sidecarTmp, this.sidecarPath(exam.id));
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  private isFresh(sidecar: Sidecar, exam: ExamRecord): boolean {
    const preparedAt = Date.parse(sidecar.preparedAt);
    if (!Number.isFinite(preparedAt) || this.deps.now().getTime() - preparedAt >= this.staleMs) return false;
    // The archive changed the exam's images after the export was made (archived, restored): make it again.
    return !(exam.zipStatusUpdatedAt && exam.zipStatusUpdatedAt.getTime() > preparedAt);
  }

  private toReady(s: Sidecar): ExportReady {
    return {
      examId: s.examId,
      accessionNumber: s.accessionNumber,
      fileName: s.fileName,
      sizeBytes: s.sizeBytes,
      instanceCount: s.instanceCount,
      preparedAt: s.preparedAt,
      expiresAt: new Date(Date.parse(s.preparedAt) + this.staleMs).toISOString(),
      url: `/dicom/export/${s.examId}`,
    };
  }

  private async readSidecar(examId: string): Promise<Sidecar | null> {
    try {
      const parsed = Sidecar.safeParse(JSON.parse(await fsp.readFile(this.sidecarPath(examId), 'utf8')));
      return parsed.success && parsed.data.examId === examId ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** The sidecar first (the export stops being ready), then the zip. */
  private async remove(examId: string): Promise<void> {
    await fsp.rm(this.sidecarPath(examId), { force: true });
    await fsp.rm(this.zipPath(examId), { force: true });
  }

  private zipPath(examId: string): string {
    return path.join(this.deps.dir, `${examId}.zip`);
  }

  private sidecarPath(examId: string): string {
    return path.join(this.deps.dir, `${examId}.json`);
  }
}

class MissingFileError extends Error {
  override name = 'MissingFileError';
}

const exists = (p: string) =>
  fsp.access(p).then(
    () => true,
    () => false,
  );

const sameImages = (a: ImageSetFingerprint, b: ImageSetFingerprint) =>
  a.count === b.count && a.bytes === b.bytes && a.lastReceivedAt === b.lastReceivedAt;

/** The download's file name: the accession number (spec: "Content-Disposition with accession number"), path-safe. */
export function fileNameBase(accessionNumber: string | null, examId: string): string {
  const cleaned = (accessionNumber ?? '')
    .trim()
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 64);
  return cleaned || examId;
}
