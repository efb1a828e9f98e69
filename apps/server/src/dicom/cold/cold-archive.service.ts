import type { Database } from '../../db/client';
import type { FileStore } from '../../storage/file-store';
import { JobError } from '../../jobs/job-queue';
import { DICOM_PREFIX } from '../archive/local-archive';
import type { ExamImageState } from '../exam-image-state';
import { ColdArchiveRepository, type ColdInstance, type HotInstance } from './cold-archive.repository';
import type { StoreFiles } from './store-files';
import { entryName, readZip, zipMembers, type Digest } from './study-zip';

/** Where the cold zips live in the cold store. */
export const COLD_PREFIX = 'dicom-cold';

/** A file store and its extras (removal, a local file to read a zip from). */
export interface StoreSide {
  store: FileStore;
  files: StoreFiles;
}

/**
 * Points between the steps of the archive and the restore. Tests throw there to prove that a crash at any point
 * loses nothing; production leaves it empty.
 */
export type ColdStep =
  'archive:zipped' | 'archive:verified' | 'archive:committed' | 'restore:extracted' | 'restore:committed';

export interface ColdArchiveOptions {
  db: Database;
  /** The exams module's writer of exam state (the archive never writes exams itself). */
  examState: ExamImageState;
  hot: StoreSide;
  cold: StoreSide;
  now?: () => Date;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  step?: (step: ColdStep) => void | Promise<void>;
}

export type ArchiveOutcome =
  { status: 'archived'; instances: number; coldKey: string } | { status: 'skipped'; reason: 'not-due' | 'nothing-hot' };

/** A restore that cannot succeed by trying again (a damaged zip): the exam gets Error at once. */
export class ColdZipDamaged extends JobError {
  constructor(readonly userMessage: string) {
    super('cold zip damaged', 'COLD_ZIP_DAMAGED');
  }
}

const DAY = 86_400_000;

/**
 * The cold archive of DICOM studies: one zip per study in cold storage (a second zip when images arrived after the
 * first), restored on request, and the purge of deleted images. Every step is safe to repeat after a crash:
 * - archive: zip written and fsynced (FileStore.put) → read back and checked against the index's SHA-256 → one
 *   transaction points the instances at the zip → hot files removed. A crash before the commit leaves the hot files
 *   (and perhaps an unreferenced zip); after it, both copies until the retry removes the hot ones.
 * - restore: each file written and fsynced into hot storage, its SHA-256 checked → one transaction points the
 *   instances back → the zip removed when nothing refers to it. A crash leaves the zip, and perhaps unreferenced files.
 */
export class ColdArchiveService {
  readonly repo: ColdArchiveRepository;
  private readonly now: () => Date;

  constructor(private readonly opts: ColdArchiveOptions) {
    this.repo = new ColdArchiveRepository(opts.db, opts.examState);
    this.now = opts.now ?? (() => new Date());
  }

  /** Studies due for the archive (images unchanged for `afterDays`), at most `limit`. */
  dueStudies(afterDays: number, limit = 500): Promise<string[]> {
    return this.repo.studiesToArchive(new Date(this.now().getTime() - afterDays * DAY), limit);
  }

  async archiveStudy(studyId: string, afterDays: number, signal?: AbortSignal): Promise<ArchiveOutcome> {
    // A retry after a crash between the commit and the removal finishes the removal first.
    await this.removeHot(await this.repo.hotKeysOfArchived(studyId), signal);
    const examId = await this.repo.examOfStudyToArchive(studyId, new Date(this.now().getTime() - afterDays * DAY));
    if (!examId) return { status: 'skipped', reason: 'not-due' };
    const members: HotInstance[] = [];
    let lost = 0;
    for (const m of await this.repo.hotInstances(studyId)) {
      // A file already gone from hot storage cannot be archived; it stays as it is (WADO answers 404 for it).
      if (await this.opts.hot.files.exists(m.storageKey)) members.push(m);
      else lost += 1;
    }
    if (lost) this.opts.log?.warn({ lost }, 'hot files missing; left out of the cold archive');
    if (!members.length) return { status: 'skipped', reason: 'nothing-hot' };

    const { stream, digests } = zipMembers(members, (key) => this.opts.hot.store.open(key));
    const zip = await this.opts.cold.store.put(stream, { prefix: COLD_PREFIX });
    await this.step('archive:zipped');
    try {
      signal?.throwIfAborted();
      // The bytes read from hot storage must be the bytes indexed, and the zip on disk must give them back.
      for (const m of members) {
        const read = digests.get(m.sopInstanceUid);
        if (!read || read.sizeBytes !== m.sizeBytes || (m.sha256 && read.sha256 !== m.sha256)) {
          throw new JobError(
            'a hot file differs from its index entry; the study is left in hot storage',
            'HOT_FILE_MISMATCH',
          );
        }
      }
      const back = await this.opts.cold.files.withLocalFile(zip.key, (p) => readZip(p, undefined, signal));
      for (const m of members) {
        const got = back.get(entryName(m.sopInstanceUid));
        if (!got || got.sha256 !== digests.get(m.sopInstanceUid)!.sha256)
          throw new JobError('the cold zip did not read back identical', 'COLD_ZIP_MISMATCH');
      }
    } catch (err) {
      // Nothing points at this zip yet: it goes, the hot files stay.
      await this.opts.cold.files.remove(zip.key).catch(() => undefined);
      throw err;
    }
    await this.step('archive:verified');
    const archived = await this.repo.commitArchive(
      studyId,
      examId,
      members.map((m) => m.id),
      zip.key,
      this.now(),
    );
    if (!archived.length) {
      await this.opts.cold.files.remove(zip.key).catch(() => undefined);
      return { status: 'skipped', reason: 'nothing-hot' };
    }
    await this.step('archive:committed');
    await this.removeHot(
      archived.map((a) => a.storageKey),
      signal,
    );
    this.opts.log?.info({ instances: archived.length, bytes: zip.sizeBytes }, 'study archived');
    return { status: 'archived', instances: archived.length, coldKey: zip.key };
  }

  /**
   * Brings an exam's images back from cold storage. A damaged zip (unreadable, an entry missing, a checksum that
   * differs from the index) throws ColdZipDamaged; other errors (disk, database) throw as they are, to be retried.
   */
  async restoreExam(examId: string, signal?: AbortSignal): Promise<{ restored: number }> {
    let restored = 0;
    // Images archived while a restore runs are picked up by another pass.
    for (let pass = 0; pass < 3; pass++) {
      const cold = await this.repo.coldInstancesOfExam(examId);
      if (!cold.length) break;
      const byZip = new Map<string, ColdInstance[]>();
      for (const c of cold) {
        const list = byZip.get(c.coldKey);
        if (list) list.push(c);
        else byZip.set(c.coldKey, [c]);
      }
      for (const [coldKey, members] of byZip) {
        restored += await this.restoreZip(examId, coldKey, members, signal);
      }
    }
    // Nothing (left) in cold storage: the exam shows Uploaded when it still showed Archive or Error.
    await this.repo.commitRestore(examId, [], this.now());
    return { restored };
  }

  private async restoreZip(
    examId: string,
    coldKey: string,
    members: ColdInstance[],
    signal?: AbortSignal,
  ): Promise<number> {
    const wanted = new Map(members.map((m) => [entryName(m.sopInstanceUid), m]));
    const put = new Map<string, { key: string; digest: Digest }>();
    let committed = false;
    try {
      let digests: Map<string, Digest>;
      try {
        digests = await this.opts.cold.files.withLocalFile(coldKey, (p) =>
          readZip(
            p,
            async (name, bytes) => {
              const m = wanted.get(name);
              if (!m) return;
              const stored = await this.opts.hot.store.put(bytes, { prefix: DICOM_PREFIX });
              put.set(name, { key: stored.key, digest: { sha256: stored.sha256, sizeBytes: stored.sizeBytes } });
            },
            signal,
          ),
        );
      } catch (err) {
        if (signal?.aborted || isTransient(err)) throw err;
        throw new ColdZipDamaged('ไฟล์ในคลังระยะยาวเสียหาย อ่านไม่ได้');
      }
      const missing = members.filter((m) => !put.has(entryName(m.sopInstanceUid)));
      if (missing.length) throw new ColdZipDamaged(`ไม่พบภาพ ${missing.length} ภาพในไฟล์คลังระยะยาว`);
      const bad = members.filter((m) => {
        const got = put.get(entryName(m.sopInstanceUid))!.digest;
        const read = digests.get(entryName(m.sopInstanceUid));
        return (
          got.sizeBytes !== m.sizeBytes || (m.sha256 !== null && got.sha256 !== m.sha256) || read?.sha256 !== got.sha256
        );
      });
      if (bad.length) throw new ColdZipDamaged(`ภาพ ${bad.length} ภาพในคลังระยะยาวเสียหาย (checksum ไม่ตรงกับที่บันทึกไว้)`);
      await this.step('restore:extracted');
      const { restoredIds } = await this.repo.commitRestore(
        examId,
        members.map((m) => ({ id: m.id, coldKey, storageKey: put.get(entryName(m.sopInstanceUid))!.key })),
        this.now(),
      );
      committed = true;
      // Files put for instances deleted or restored meanwhile are nobody's.
      const kept = new Set(restoredIds);
      await this.removeHot(
        members.filter((m) => !kept.has(m.id)).map((m) => put.get(entryName(m.sopInstanceUid))!.key),
      );
      await this.step('restore:committed');
      if (!(await this.repo.coldKeyInUse(coldKey))) await this.opts.cold.files.remove(coldKey);
      return restoredIds.length;
    } finally {
      // Before the commit the new hot files belong to no instance: they go (the zip is still the copy).
      if (!committed) await this.removeHot([...put.values()].map((p) => p.key)).catch(() => undefined);
    }
  }

  /**
   * Removes the files and index rows of instances deleted at least `graceHours` ago (their series and studies too once
   * empty, and a zip once nothing refers to it). Files go first: a crash leaves rows that the next run removes.
   */
  async purge(
    graceHours: number,
    signal?: AbortSignal,
  ): Promise<{ instances: number; series: number; studies: number; zips: number }> {
    const before = new Date(this.now().getTime() - graceHours * 3_600_000);
    const total = { instances: 0, series: 0, studies: 0, zips: 0 };
    for (;;) {
      signal?.throwIfAborted();
      const rows = await this.repo.dueForPurge(before, 500);
      if (!rows.length) break;
      await this.removeHot(
        rows.map((r) => r.storageKey),
        signal,
      );
      const done = await this.repo.deletePurged(rows);
      await this.removeHot(done.thumbnailKeys);
      for (const key of new Set(rows.flatMap((r) => (r.coldKey ? [r.coldKey] : [])))) {
        if (!(await this.repo.coldKeyInUse(key))) {
          await this.opts.cold.files.remove(key);
          total.zips += 1;
        }
      }
      total.instances += done.instances;
      total.series += done.series;
      total.studies += done.studies;
      if (rows.length < 500) break;
    }
    if (total.instances) this.opts.log?.info(total, 'deleted images purged');
    return total;
  }

  private async removeHot(keys: string[], signal?: AbortSignal): Promise<void> {
    for (const key of keys) {
      signal?.throwIfAborted();
      await this.opts.hot.files.remove(key);
    }
  }

  private async step(step: ColdStep): Promise<void> {
    await this.opts.step?.(step);
  }
}

/** Errors of the machine rather than of the zip: worth another try. */
function isTransient(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return (
    code !== undefined &&
    ['EIO', 'ENOSPC', 'EMFILE', 'ENFILE', 'EAGAIN', 'EBUSY', 'ETIMEDOUT', 'ENOENT', 'EACCES'].includes(code)
  );
}
