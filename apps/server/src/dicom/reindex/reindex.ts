import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client';
import { COLD_PREFIX } from '../cold/cold-archive.service';
import { readZip } from '../cold/study-zip';
import { readInstance, readInstanceBytes } from '../parse/read-instance';
import { ArchiveRepository } from '../archive/archive.repository';
import { ReindexRepository } from './reindex.repository';
import type { ExamImageState } from '../exam-image-state';
import { DICOM_PREFIX } from '../archive/local-archive';

export interface ReindexReport {
  files: number;
  /** Already indexed under their storage key. */
  present: number;
  /** Indexed by this run. */
  indexed: number;
  /** Files of a SOP Instance indexed under another file (a lost race, a crash after the winner committed). */
  unreferenced: number;
  /** Files that are not (or no longer) a readable instance. */
  unreadable: number;
  /** Rows whose file is gone (reported, never deleted: the images may come back from a backup). */
  missingFiles: number;
  /** Cold zips read (cold storage named in the options). */
  coldZips: number;
  /** Instances indexed by this run from a cold zip (they stay archived: WADO asks for an unzip first). */
  coldIndexed: number;
}

/**
 * Where the stored files are: the local store's root directory, or a store that lists its keys and lends a local copy
 * of a file (S3FileStore).
 */
export type ReindexFiles =
  | string
  | {
      listKeys(prefix: string): AsyncIterable<string>;
      withLocalFile<T>(key: string, fn: (localPath: string) => Promise<T>): Promise<T>;
    };

export interface ReindexOptions {
  /** Empty the index first and rebuild it from the files alone (exam links are kept by StudyInstanceUID). */
  rebuild?: boolean;
  /**
   * Where the cold zips are (prefix 'dicom-cold'): their instances are indexed as archived when no row has them, so
   * that a rebuild never forgets images that only a zip holds.
   */
  cold?: ReindexFiles;
  /**
   * DICOM_ASSUMED_CHARACTER_SET, for files that declare no character set. The per-AE sets do not apply here: the
   * file does not say which AE sent it (docs/decisions/io20-assumed-character-set.md).
   */
  assumedCharacterSet?: string | undefined;
  now?: () => Date;
  onProgress?: (r: ReindexReport) => void;
}

/**
 * Rebuilds the DICOM index from the stored files under `dicom/` (a directory's, or a bucket's): a file without a row
 * (a crash between the durable write and the commit) is indexed; with `rebuild` every row is made again from its
 * file. The files are only read, never moved or deleted.
 */
export async function reindexDicom(
  db: Database,
  examState: ExamImageState,
  files: ReindexFiles,
  opts: ReindexOptions = {},
): Promise<ReindexReport> {
  const repo = new ArchiveRepository(db, examState);
  const now = opts.now ?? (() => new Date());
  const report: ReindexReport = {
    files: 0,
    present: 0,
    indexed: 0,
    unreferenced: 0,
    unreadable: 0,
    missingFiles: 0,
    coldZips: 0,
    coldIndexed: 0,
  };
  const index = new ReindexRepository(db);
  const links = opts.rebuild ? await index.examLinks() : new Map<string, string>();
  const reconciled = opts.rebuild ? await index.reconciledStudies() : [];
  if (opts.rebuild) await index.emptyIndex();
  const known = await index.storageKeys();
  const source = typeof files === 'string' ? localFiles(files) : files;
  for await (const key of source.listKeys(DICOM_PREFIX)) {
    report.files += 1;
    if (known.has(key)) {
      report.present += 1;
      known.delete(key);
    } else {
      await source.withLocalFile(key, async (file) => {
        const read = await readInstance(file, { assumedCharacterSet: opts.assumedCharacterSet });
        if (!read.ok) {
          report.unreadable += 1;
          return;
        }
        const { size, sha256 } = await hashFile(file);
        const forced = links.get(read.info.studyInstanceUid) ?? null;
        const outcome = await repo.indexInstance(
          read.info,
          { key, sizeBytes: size, sha256 },
          {
            source: 'REINDEX',
            userId: null,
            userName: 'REINDEX',
            forcedExamId: forced,
            quietLink: forced !== null,
          },
          now(),
        );
        if (outcome.status === 'stored') report.indexed += 1;
        else report.unreferenced += 1;
      });
    }
    if (report.files % 1000 === 0) opts.onProgress?.(report);
  }
  // Keys still in `known` were not found on disk (archived instances have no hot file: they are not missing).
  const archived = await index.storageKeys(true);
  report.missingFiles = [...known].filter((k) => !archived.has(k)).length;
  if (opts.cold) await reindexCold(index, repo, opts.cold, links, report, now, opts.assumedCharacterSet);
  // The rebuilt rows say what the files say; a study matched or re-pointed before answers with its exam's identity
  // again, what the files say becoming its original (IO30).
  if (reconciled.length) await index.reconcileAgain(reconciled, now());
  return report;
}

/**
 * The instances of each cold zip that no row holds (hot or archived), indexed as archived: the row names the zip
 * (coldKey) and a storage key under it that no file has, which the restore replaces with the new hot file's.
 */
async function reindexCold(
  index: ReindexRepository,
  repo: ArchiveRepository,
  cold: ReindexFiles,
  links: Map<string, string>,
  report: ReindexReport,
  now: () => Date,
  assumedCharacterSet: string | undefined,
): Promise<void> {
  const source = typeof cold === 'string' ? localFiles(cold) : cold;
  for await (const zipKey of source.listKeys(COLD_PREFIX)) {
    report.coldZips += 1;
    await source.withLocalFile(zipKey, (zipPath) =>
      readZip(zipPath, async (name, bytes) => {
        if (!name.endsWith('.dcm')) return;
        const chunks: Buffer[] = [];
        for await (const c of bytes) chunks.push(c as Buffer);
        const whole = Buffer.concat(chunks);
        const read = await readInstanceBytes(whole, { assumedCharacterSet });
        if (!read.ok) {
          report.unreadable += 1;
          return;
        }
        if (await repo.findInstance(read.info.sopInstanceUid)) return;
        const key = `${zipKey}/${name}`;
        const forced = links.get(read.info.studyInstanceUid) ?? null;
        const outcome = await repo.indexInstance(
          read.info,
          { key, sizeBytes: whole.length, sha256: createHash('sha256').update(whole).digest('hex') },
          {
            source: 'REINDEX',
            userId: null,
            userName: 'REINDEX',
            forcedExamId: forced,
            quietLink: forced !== null,
          },
          now(),
        );
        if (outcome.status !== 'stored') return;
        await index.markCold(key, zipKey);
        report.coldIndexed += 1;
      }),
    );
  }
}

/** The files of a local store: keys under a prefix found by walking its directory. */
function localFiles(filesRoot: string): Exclude<ReindexFiles, string> {
  return {
    async *listKeys(prefix: string) {
      const root = path.join(filesRoot, prefix);
      for await (const file of walk(root)) yield `${prefix}/${path.relative(root, file).split(path.sep).join('/')}`;
    },
    withLocalFile: (key, fn) => fn(path.join(filesRoot, key)),
  };
}

async function* walk(dir: string): AsyncGenerator<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    // An empty file is a spare the durable writer made ahead of need (storage/durable-writer.ts), never an instance.
    else if (e.isFile() && (await fs.promises.stat(p)).size > 0) yield p;
  }
}

async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}
