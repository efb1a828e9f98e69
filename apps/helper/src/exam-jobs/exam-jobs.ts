import fs from 'node:fs';
import path from 'node:path';
import type { HelperConfig } from '../config';
import { downloadExport, waitForExport, type ExportRequest } from '../export-download/export-client';
import { folderName } from '../disc/volume-label';
import { errorKind, failureMessage } from '../failure-message';
import { Refusal } from '../http/reply';
import type { Logger } from '../log';
import { MSG } from '../messages';
import { safeUnzip } from '../unpack/safe-unzip';
import { viewOf, type AfterUnpack, type ExamJob, type ExamJobView, type Stage } from './exam-job';

export interface ExamJobsDeps {
  config: HelperConfig;
  log: Logger;
  service: 'cd' | 'radiant';
  /** The folder the exams are unpacked in (the CD folder or the viewer folder). */
  baseDir: string;
  afterUnpack: AfterUnpack;
}

/** Where downloads and half-unpacked folders wait, inside the service's folder (same disk: a rename moves them). */
const PARTIAL = '.rangsi-partial';

/**
 * The download jobs of one service, one per exam: wait for the server's export, download it, unpack it safely into
 * `<base>/<accession or exam id>/`, then the service's own step. Jobs live in memory until cleared.
 */
export class ExamJobs {
  private readonly jobs = new Map<string, ExamJob>();

  constructor(private readonly deps: ExamJobsDeps) {}

  start(examId: string, token: string, label: string | undefined): { examId: string } {
    const running = this.jobs.get(examId);
    if (running && running.result === null) throw new Refusal(409, MSG.jobRunning);
    const job: ExamJob = {
      examId,
      result: null,
      stage: 'waiting',
      progress: null,
      message: MSG.waiting(0, 0),
      token,
      label,
      abort: new AbortController(),
      finished: Promise.resolve(),
    };
    this.jobs.set(examId, job);
    job.finished = this.run(job);
    return { examId };
  }

  view(examId: string): ExamJobView {
    const job = this.jobs.get(examId);
    if (!job) throw new Refusal(404, MSG.noJob);
    return viewOf(job);
  }

  /** Forgets the job (a running one is stopped first); its files stay on disk. */
  async clear(examId: string): Promise<void> {
    const job = this.jobs.get(examId);
    if (!job) return;
    this.jobs.delete(examId);
    job.abort.abort();
    await job.finished;
  }

  async close(): Promise<void> {
    const all = [...this.jobs.values()];
    for (const job of all) job.abort.abort();
    await Promise.allSettled(all.map((j) => j.finished));
  }

  private async run(job: ExamJob): Promise<void> {
    const { config, log, service, baseDir } = this.deps;
    const partial = path.join(baseDir, PARTIAL);
    const zipFile = path.join(partial, `${job.examId}.zip`);
    const unpackDir = path.join(partial, `${job.examId}.unpack`);
    const setStage = (stage: Stage, message: string, progress: ExamJob['progress'] = null) => {
      Object.assign(job, { stage, message, progress });
      log.info('job stage', { service, examId: job.examId, stage });
    };
    const request: ExportRequest = {
      server: config.server,
      examId: job.examId,
      token: job.token ?? '',
      signal: job.abort.signal,
    };
    try {
      await fs.promises.mkdir(partial, { recursive: true });
      setStage('waiting', MSG.waiting(0, 0));
      const ready = await waitForExport(request, {
        timeoutMs: config.exportTimeoutMs,
        onProgress: (done, total) => setStage('waiting', MSG.waiting(done, total), { done, total }),
      });
      setStage('downloading', MSG.downloading, { done: 0, total: ready.sizeBytes });
      await downloadExport(request, ready, zipFile, (done, total) => (job.progress = { done, total }));
      // The token has done its work: nothing keeps it from here on.
      job.token = undefined;
      request.token = '';

      setStage('unpacking', MSG.unpacking, { done: 0, total: 0 });
      await fs.promises.rm(unpackDir, { recursive: true, force: true });
      await safeUnzip(zipFile, unpackDir, (done, total) => (job.progress = { done, total }));
      await fs.promises.rm(zipFile, { force: true });
      const name = folderName(ready.accessionNumber, job.examId);
      const folder = path.join(baseDir, name);
      // An earlier download of the same exam is replaced (rm does not follow a symlink: it removes the link).
      await fs.promises.rm(folder, { recursive: true, force: true });
      await fs.promises.rename(unpackDir, folder);
      job.folder = folder;

      const message = await this.deps.afterUnpack({ job, folder, name, signal: job.abort.signal, setStage });
      Object.assign(job, { stage: 'done', result: true, message, progress: null });
      log.info('job done', { service, examId: job.examId });
    } catch (err) {
      Object.assign(job, { result: false, message: failureMessage(err) });
      log.warn('job failed', { service, examId: job.examId, stage: job.stage, error: errorKind(err) });
    } finally {
      job.token = undefined;
      await fs.promises.rm(zipFile, { force: true }).catch(() => {});
      await fs.promises.rm(unpackDir, { recursive: true, force: true }).catch(() => {});
    }
  }
}
