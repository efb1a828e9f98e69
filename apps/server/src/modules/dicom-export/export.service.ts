import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import { z } from 'zod';
import { DicomExportProfileSchema, type DicomExportProfile } from '@rangsi/contract';
import type { CurrentUser } from '../../auth/current-user';
import type { ExamsService } from '../exams/exams.service';
import type { ExamRecord } from '../exams/exams.service';
import { buildDicomdir, type DicomdirInstance } from './dicomdir-writer';
import { discFile, MissingFileError, type OpenStored } from './disc-file';
import { leftOutReadme, README_FILE_ID, type LeftOutInstance } from './disc-readme';
import { exportLayout, withoutInstances } from './export-layout';
import { exportError } from './export.errors';
import type { ExportRepository, ImageSetFingerprint } from './export.repository';

/** Spec §4 and §9: an export is stale 15 minutes after it was prepared. */
export const EXPORT_STALE_MS = 15 * 60_000;
const SWEEP_EVERY_MS = 60_000;

/** What the check answers once the zip is ready (the `data` of spec §7 `dicom/export/{id}/check`). */
export interface ExportReady {
  examId: string;
  accessionNumber: string | null;
  profile: DicomExportProfile;
  fileName: string;
  sizeBytes: number;
  instanceCount: number;
  /** Instances the profile could not hold (named in the disc's README). */
  leftOutCount: number;
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
  // Sidecars written before there were profiles are as-stored exports with nothing left out.
  profile: DicomExportProfileSchema.default('as-stored'),
  fileName: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  instanceCount: z.number().int().nonnegative(),
  leftOutCount: z.number().int().nonnegative().default(0),
  preparedAt: z.string(),
  fingerprint: z.object({
    count: z.number(),
    bytes: z.number(),
    lastReceivedAt: z.string().nullable(),
    cold: z.number(),
  }),
});
type Sidecar = z.output<typeof Sidecar>;

interface Preparation {
  done: number;
  total: number;
  abort: AbortController;
  finished: Promise<void>;
}

export interface DicomExportDeps {
  repo: ExportRepository;
  exams: Pick<ExamsService, 'load' | 'recordEvent'>;
  /** The stored bytes of an instance (null when the file vanished from storage). */
  openStored: OpenStored;
  /** DATA_DIR/exports: prepared zips and their sidecars. */
  dir: string;
  now: () => Date;
  log: FastifyBaseLogger;
  staleMs?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What names one export on disk and in memory: the exam, and the profile when it is not as stored. */
const EXPORT_KEY = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.gen-cd)?$/i;
const exportKey = (examId: string, profile: DicomExportProfile) =>
  profile === 'as-stored' ? examId : `${examId}.gen-cd`;

/**
 * DICOM export (spec §4 "Zip, downloads and polling", §7): a zip of an exam's stored images with a DICOMDIR, prepared
 * in the background on the first check, kept on disk under DATA_DIR/exports for 15 minutes, then removed. One
 * preparation per exam at a time in this process. Nothing here touches exams.zip_status (the cold archive's).
 */
export class DicomExportService {
  private readonly running = new Map<string, Preparation>();
  private readonly failures = new Map<string, { code: FailureCode; at: number }>();
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
   * The export of an exam in the user's scope, in a profile: ready (fresh, made from the images the exam has now), or
   * being prepared (started here when there is none). No images, archived images, or a preparation that failed: a 409
   * with the reason. Each profile is its own export, prepared and kept apart.
   */
  async check(user: CurrentUser, examId: string, profile: DicomExportProfile = 'as-stored'): Promise<ExportCheck> {
    const exam = await this.deps.exams.load(user, examId);
    const key = exportKey(examId, profile);
    const running = this.running.get(key);
    if (running) return { state: 'preparing', done: running.done, total: running.total };
    const failure = this.failures.get(key);
    if (failure) {
      this.failures.delete(key);
      if (this.deps.now().getTime() - failure.at < this.staleMs) throw exportError(failure.code);
    }
    if (exam.zipStatus === 'Archive') throw exportError('EXPORT_ARCHIVED');
    const fingerprint = await this.deps.repo.fingerprint(examId);
    if (fingerprint.count === 0) throw exportError('EXPORT_NO_IMAGES');
    if (fingerprint.cold > 0) throw exportError('EXPORT_ARCHIVED');
    const sidecar = await this.readSidecar(key);
    if (
      sidecar &&
      this.isFresh(sidecar, exam) &&
      sameImages(sidecar.fingerprint, fingerprint) &&
      (await exists(this.zipPath(key)))
    ) {
      return { state: 'ready', ready: this.toReady(sidecar) };
    }
    const again = this.running.get(key);
    if (again) return { state: 'preparing', done: again.done, total: again.total };
    if (this.closed) throw exportError('EXPORT_PREPARING');
    const prep = this.begin(exam, fingerprint, profile);
    return { state: 'preparing', done: prep.done, total: prep.total };
  }

  /** The prepared zip of an exam in the user's scope, logged as a download on the exam. */
  async download(
    user: CurrentUser,
    examId: string,
    profile: DicomExportProfile = 'as-stored',
  ): Promise<{ stream: Readable; fileName: string; sizeBytes: number }> {
    const exam = await this.deps.exams.load(user, examId);
    const key = exportKey(examId, profile);
    if (this.running.has(key)) throw exportError('EXPORT_PREPARING');
    const sidecar = await this.readSidecar(key);
    if (!sidecar || !this.isFresh(sidecar, exam)) throw exportError('EXPORT_NOT_PREPARED');
    const handle = await fsp.open(this.zipPath(key), 'r').catch(() => null);
    if (!handle) throw exportError('EXPORT_NOT_PREPARED');
    const detail = `${sidecar.instanceCount} images${profile === 'as-stored' ? '' : `, ${profile}`}`;
    await this.deps.exams.recordEvent(user, exam, 'dicomExported', detail);
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
      const ext = path.extname(name);
      const key = EXPORT_KEY.test(name.slice(0, -ext.length)) ? name.slice(0, -ext.length) : null;
      if (ext === '.json' && key) {
        if (this.running.has(key)) continue;
        const sidecar = await this.readSidecar(key);
        if (!sidecar || now - Date.parse(sidecar.preparedAt) >= this.staleMs) {
          await this.remove(key);
          removed += 1;
        }
      } else if (ext === '.tmp' || (ext === '.zip' && key)) {
        if (this.isRunning(examId)) continue;
        // A zip without its sidecar, or a temporary file left by a crash: gone once nothing has written it for a while.
        const stat = await fsp.stat(full).catch(() => null);
        const orphan = ext === '.tmp' || !key || !(await exists(this.sidecarPath(key)));
        if (stat && orphan && now - stat.mtimeMs >= this.staleMs) await fsp.rm(full, { force: true });
      }
    }
    return removed;
  }

  private isRunning(examId: string): boolean {
    return this.running.has(exportKey(examId, 'as-stored')) || this.running.has(exportKey(examId, 'STD-GEN-CD'));
  }

  private begin(exam: ExamRecord, fingerprint: ImageSetFingerprint, profile: DicomExportProfile): Preparation {
    const key = exportKey(exam.id, profile);
    const abort = new AbortController();
    const prep: Preparation = { done: 0, total: fingerprint.count, abort, finished: Promise.resolve() };
    this.running.set(key, prep);
    prep.finished = this.prepare(exam, prep, profile)
      .catch((err: unknown) => {
        if (!abort.signal.aborted) {
          const code = failureCode(err);
          this.deps.log.error(
            { err: { name: (err as Error)?.name }, examId: exam.id, profile, code },
            'dicom export failed',
          );
          this.failures.set(key, { code, at: this.deps.now().getTime() });
        }
      })
      .finally(() => {
        this.running.delete(key);
      });
    return prep;
  }

  /**
   * Writes every instance and then the DICOMDIR (and a README naming what was left out) into a temporary zip, renames
   * it into place, then writes the sidecar. Instances go one at a time, each made for the disc just before the zip
   * reads it, so that a rewritten one is held in memory alone and one left out is known before the DICOMDIR is built.
   */
  private async prepare(exam: ExamRecord, prep: Preparation, profile: DicomExportProfile): Promise<void> {
    const key = exportKey(exam.id, profile);
    await fsp.mkdir(this.deps.dir, { recursive: true });
    await this.remove(key);
    const rows = await this.deps.repo.instancesOfExam(exam.id);
    if (rows.length === 0) throw new Error('no images');
    prep.total = rows.length;
    const fingerprint = await this.deps.repo.fingerprint(exam.id);
    const preparedAt = this.deps.now();
    const layout = exportLayout(rows, exam.accessionNumber ?? exam.id.slice(0, 8));

    const zip = new yazl.ZipFile();
    const output = zip.outputStream as Readable;
    zip.on('error', (err: Error) => output.destroy(err));
    const tmp = path.join(this.deps.dir, `${key}.${process.pid}.${Date.now()}.tmp`);
    const writing = pipeline(output, fs.createWriteStream(tmp), { signal: prep.abort.signal });
    // Awaited below (or raced with each instance); a failure before then must not be an unhandled rejection.
    writing.catch(() => undefined);
    const leftOut: LeftOutInstance[] = [];
    const leftOutRecords = new Set<DicomdirInstance>();
    let reading: Readable | null = null;
    try {
      for (const entry of layout.entries) {
        if (prep.abort.signal.aborted) throw new Error('aborted');
        const made = await discFile(entry.row, profile, this.deps.openStored);
        if ('leftOut' in made) {
          leftOut.push({ row: entry.row, reason: made.leftOut });
          leftOutRecords.add(entry.instance);
        } else {
          reading = made.file.stream;
          entry.instance.transferSyntaxUid = made.file.transferSyntaxUid;
          zip.addReadStream(made.file.stream, entry.path, {
            mtime: preparedAt,
            size: made.file.size,
            // Uncompressed pixel data shrinks well with a fast deflate; JPEG, JPEG-LS, JPEG 2000 and RLE are stored as they are.
            compressionLevel: made.file.deflate ? 1 : 0,
          });
          await Promise.race([finished(made.file.stream), writing]);
        }
        prep.done += 1;
      }
      if (leftOut.length === rows.length) throw new NothingConvertibleError();
      const fileSet = withoutInstances(layout.fileSet, leftOutRecords);
      if (leftOut.length > 0) {
        fileSet.descriptorFileId = README_FILE_ID;
        zip.addBuffer(leftOutReadme(leftOut), README_FILE_ID.join('/'), { mtime: preparedAt, compressionLevel: 6 });
      }
      zip.addBuffer(buildDicomdir(fileSet), 'DICOMDIR', { mtime: preparedAt, compressionLevel: 6 });
      zip.end();
      await writing;
      const { size } = await fsp.stat(tmp);
      await fsp.rename(tmp, this.zipPath(key));
      const base = fileNameBase(exam.accessionNumber, exam.id);
      const sidecar: Sidecar = {
        examId: exam.id,
        accessionNumber: exam.accessionNumber,
        profile,
        fileName: profile === 'as-stored' ? `${base}.zip` : `${base}-${profile}.zip`,
        sizeBytes: size,
        instanceCount: rows.length - leftOut.length,
        leftOutCount: leftOut.length,
        preparedAt: preparedAt.toISOString(),
        fingerprint,
      };
      const sidecarTmp = `${tmp}.json.tmp`;
      await fsp.writeFile(sidecarTmp, JSON.stringify(sidecar));
      await fsp.rename(sidecarTmp, this.sidecarPath(key));
    } catch (err) {
      // A stored file being read when the preparation stopped (closed, failed) is let go at once.
      reading?.destroy();
      output.destroy();
      await writing.catch(() => undefined);
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
      profile: s.profile,
      fileName: s.fileName,
      sizeBytes: s.sizeBytes,
      instanceCount: s.instanceCount,
      leftOutCount: s.leftOutCount,
      preparedAt: s.preparedAt,
      expiresAt: new Date(Date.parse(s.preparedAt) + this.staleMs).toISOString(),
      url: `/dicom/export/${s.examId}${s.profile === 'as-stored' ? '' : `?profile=${s.profile}`}`,
    };
  }

  private async readSidecar(key: string): Promise<Sidecar | null> {
    try {
      const parsed = Sidecar.safeParse(JSON.parse(await fsp.readFile(this.sidecarPath(key), 'utf8')));
      return parsed.success && exportKey(parsed.data.examId, parsed.data.profile) === key ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** The sidecar first (the export stops being ready), then the zip. */
  private async remove(key: string): Promise<void> {
    await fsp.rm(this.sidecarPath(key), { force: true });
    await fsp.rm(this.zipPath(key), { force: true });
  }

  private zipPath(key: string): string {
    return path.join(this.deps.dir, `${key}.zip`);
  }

  private sidecarPath(key: string): string {
    return path.join(this.deps.dir, `${key}.json`);
  }
}

type FailureCode = 'EXPORT_FILES_MISSING' | 'EXPORT_NOTHING_CONVERTIBLE' | 'EXPORT_FAILED';

/** Every instance of the exam was left out: a disc with no image is refused, with the reason. */
class NothingConvertibleError extends Error {
  override name = 'NothingConvertibleError';
}

const failureCode = (err: unknown): FailureCode =>
  err instanceof MissingFileError
    ? 'EXPORT_FILES_MISSING'
    : err instanceof NothingConvertibleError
      ? 'EXPORT_NOTHING_CONVERTIBLE'
      : 'EXPORT_FAILED';

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
