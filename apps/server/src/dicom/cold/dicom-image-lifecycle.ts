import { z } from 'zod';
import type { AuditService } from '../../audit/audit.service';
import type { Database } from '../../db/client';
import type { FileStore } from '../../storage/file-store';
import { LocalFileStore } from '../../storage/local-file-store';
import type { JobHandle, JobQueue } from '../../jobs/job-queue';
import { ColdArchiveRepository } from './cold-archive.repository';
import { ColdArchiveService, ColdZipDamaged, type ColdArchiveOptions } from './cold-archive.service';
import { storeFilesOf } from './store-files';
import type { ExamImageState } from '../exam-image-state';

/** What the exam actions (DICOM delete, unzip) need of the image archive. */
export interface ExamImages {
  /** Inside the exam action's transaction: hide the exam's images at once and queue their purge. Returns how many. */
  softDelete(tx: Database, examId: string): Promise<number>;
  /** Instances of the exam in cold storage (not deleted). */
  coldCount(examId: string): Promise<number>;
  /** A restore of the exam is waiting or running. */
  restorePending(examId: string): Promise<boolean>;
  /** Inside the exam action's transaction: queue the restore (at most one waits per exam). */
  requestRestore(tx: Database, examId: string): Promise<void>;
  /** After that transaction committed: wake this server's restore worker. */
  restoreRequested(): void;
}

export interface DicomImageSettings {
  /** Unset: the archive never runs on its own. */
  archiveAfterDays?: number;
  purgeAfterHours: number;
}

/** Cron (Asia/Bangkok): the archive sweep runs at night, the purge of deleted images every hour. */
export const ARCHIVE_SCHEDULE = '0 2 * * *';
export const PURGE_SCHEDULE = '15 * * * *';

const Empty = z.object({}).strict();
const StudyJob = z.object({ studyId: z.string().uuid() }).strict();
const ExamJob = z.object({ examId: z.string().uuid() }).strict();

/**
 * The life of stored images after they arrive, as durable jobs: the nightly archive sweep and one job per study to
 * pack, the restore of an exam on request, the purge of deleted images after their grace period.
 */
export class DicomImageLifecycle implements ExamImages {
  readonly sweepJob: JobHandle<z.infer<typeof Empty>>;
  readonly archiveJob: JobHandle<z.infer<typeof StudyJob>>;
  readonly restoreJob: JobHandle<z.infer<typeof ExamJob>>;
  readonly purgeJob: JobHandle<z.infer<typeof Empty>>;
  private readonly repo: ColdArchiveRepository;
  private readonly hiddenListeners = new Set<() => void>();

  constructor(
    queue: JobQueue,
    readonly service: ColdArchiveService,
    private readonly settings: DicomImageSettings,
    private readonly now: () => Date,
    private readonly audit?: AuditService,
  ) {
    this.repo = service.repo;
    const days = settings.archiveAfterDays;
    this.sweepJob = queue.define({
      name: 'dicom-archive-sweep',
      payload: Empty,
      schedule: days ? ARCHIVE_SCHEDULE : undefined,
      retryLimit: 2,
      expireInSeconds: 600,
      run: async () => {
        if (!days) return;
        for (const studyId of await service.dueStudies(days, 2000)) await this.archiveJob.send({ studyId });
      },
    });
    this.archiveJob = queue.define({
      name: 'dicom-archive-study',
      payload: StudyJob,
      singletonKey: (d) => d.studyId,
      expireInSeconds: 2 * 3600,
      run: async (d, ctx) => {
        if (!days) return;
        await service.archiveStudy(d.studyId, days, ctx.signal);
      },
    });
    this.restoreJob = queue.define({
      name: 'dicom-restore-exam',
      payload: ExamJob,
      singletonKey: (d) => d.examId,
      concurrency: 2,
      retryLimit: 3,
      retryDelaySeconds: 10,
      expireInSeconds: 3600,
      run: async (d, ctx) => {
        try {
          await service.restoreExam(d.examId, ctx.signal);
        } catch (err) {
          if (err instanceof ColdZipDamaged) {
            // Trying again reads the same damaged zip: the exam shows Error now, with the reason in its log.
            await this.repo.markRestoreFailed(d.examId, `คืนภาพไม่สำเร็จ: ${err.userMessage}`, this.now());
            return;
          }
          if (ctx.lastAttempt)
            await this.repo.markRestoreFailed(d.examId, 'คืนภาพไม่สำเร็จ: อ่านหรือเขียนไฟล์ไม่ได้ กรุณาลองใหม่ภายหลัง', this.now());
          throw err;
        }
      },
    });
    this.purgeJob = queue.define({
      name: 'dicom-purge',
      payload: Empty,
      schedule: PURGE_SCHEDULE,
      expireInSeconds: 1800,
      run: async (_d, ctx) => {
        const purged = await service.purge(settings.purgeAfterHours, ctx.signal);
        if (purged.instances)
          await this.audit?.record(null, { action: 'dicom.purge', entityType: 'dicom', detail: { ...purged } });
      },
    });
  }

  async softDelete(tx: Database, examId: string): Promise<number> {
    const hidden = await ColdArchiveRepository.softDeleteExamImages(tx, examId, this.now());
    if (hidden) {
      await this.purgeJob.send({}, { tx, startAfterSeconds: this.settings.purgeAfterHours * 3600 });
      for (const l of this.hiddenListeners) l();
    }
    return hidden;
  }

  /** Called when images were hidden (the archive forgets what it knew of their series). */
  onImagesHidden(listener: () => void): () => void {
    this.hiddenListeners.add(listener);
    return () => this.hiddenListeners.delete(listener);
  }

  coldCount(examId: string): Promise<number> {
    return this.repo.coldCount(examId);
  }

  restorePending(examId: string): Promise<boolean> {
    return this.restoreJob.isPending(examId);
  }

  async requestRestore(tx: Database, examId: string): Promise<void> {
    await this.restoreJob.send({ examId }, { tx });
  }

  restoreRequested(): void {
    this.restoreJob.notify();
  }
}

export interface DicomImageLifecycleDeps {
  db: Database;
  /** The exams module's writer of exam state. */
  examState: ExamImageState;
  queue: JobQueue;
  /** The store DICOM files live in (prefix 'dicom') and its root directory (unused when the store is a bucket). */
  hotStore: FileStore;
  hotRoot: string;
  /** Where cold zips go: another directory, or the hot store itself when equal to hotRoot (prefix 'dicom-cold'). */
  coldRoot: string;
  settings: DicomImageSettings;
  now: () => Date;
  audit?: AuditService;
  log?: ColdArchiveOptions['log'];
  step?: ColdArchiveOptions['step'];
}

/** The cold archive on the hot store (a local directory or a bucket) or another directory, its jobs defined on the queue. */
export function createDicomImageLifecycle(deps: DicomImageLifecycleDeps): DicomImageLifecycle {
  const coldStore = deps.coldRoot === deps.hotRoot ? deps.hotStore : new LocalFileStore(deps.coldRoot);
  const service = new ColdArchiveService({
    db: deps.db,
    examState: deps.examState,
    hot: { store: deps.hotStore, files: storeFilesOf(deps.hotStore, deps.hotRoot) },
    cold: { store: coldStore, files: storeFilesOf(coldStore, deps.coldRoot) },
    now: deps.now,
    log: deps.log,
    step: deps.step,
  });
  return new DicomImageLifecycle(deps.queue, service, deps.settings, deps.now, deps.audit);
}
