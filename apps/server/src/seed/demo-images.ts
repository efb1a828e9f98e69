import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, desc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { DicomArchive } from '../dicom/archive';
import { GeneratorWorker } from './images/generate-in-worker';
import {
  generateStudy,
  uidFrom,
  type GeneratedModality,
  type GeneratedSyntax,
  type StudyOptions,
} from './images/index';
import { CORPUS_DIR, REFUSED } from '../dicom/testing/corpus';
import type { Database } from '../db/client';
import { branches, exams, patients, siteConfig } from '../db/schema/index';
import { dicomDateTime } from './bangkok-time';

/** site_config key: 'pending' from the demo seed until every demo image is in the archive (then 'done'). */
export const DEMO_IMAGES_KEY = '_demoImages';
/** Calling AE title the exam log and the index name for the demo images. */
export const DEMO_IMAGES_SOURCE = 'RANGSI-DEMO';

/** Which demo exams a generator draws convincingly: the modality, and the body part where it matters. */
export type DemoImageKind = 'ctHead' | 'mrHead' | 'chest' | 'us' | 'mg';

export interface DemoImageSizes {
  /** The most recent head CTs get the thin-slice series (the phantom of ≥ 100 slices); the others a 5 mm one. */
  bigCtExams: number;
  bigCt: { slices: number; size: number };
  ct: { slices: number; size: number };
  mr: { size: number; axialSlices: number; sagittalSlices: number };
  radiograph: number;
  mgColumns: number;
  /** The most recent ultrasound exams also get a cine loop of this many frames. */
  usCineExams: number;
  usCineFrames: number;
}

export interface DemoImagesOptions {
  /** Where generated files are written before the archive takes them (created when missing). */
  tempDir: string;
  /** How many exams of each kind get images, most recent first. */
  limits?: Partial<Record<DemoImageKind, number>>;
  sizes?: Partial<DemoImageSizes>;
  /** The pydicom test files to add as unmatched studies; null leaves them out. Default: Debian's, when installed. */
  corpusDir?: string | null;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  signal?: AbortSignal;
  /**
   * Generate on a worker thread (the server's background run): the event loop stays free for requests and signals.
   * Falls back to the calling thread when no worker can start.
   */
  worker?: boolean;
}

export const DEFAULT_DEMO_IMAGE_LIMITS: Record<DemoImageKind, number> = {
  ctHead: 20,
  mrHead: 12,
  chest: 30,
  us: 24,
  mg: 8,
};
export const DEFAULT_DEMO_IMAGE_SIZES: DemoImageSizes = {
  bigCtExams: 3,
  bigCt: { slices: 120, size: 512 },
  ct: { slices: 32, size: 256 },
  mr: { size: 256, axialSlices: 16, sagittalSlices: 12 },
  radiograph: 1024,
  mgColumns: 768,
  usCineExams: 3,
  usCineFrames: 12,
};
/** RLE where it pays (smooth 16-bit images), native where it does not (speckle, and one of each kind for contrast). */
const SYNTAX: Record<GeneratedModality, GeneratedSyntax> = {
  CT: 'rle',
  MR: 'rle',
  CR: 'rle',
  DX: 'explicit-le',
  US: 'explicit-le',
  MG: 'rle',
};

export interface DemoImagesReport {
  exams: number;
  instances: number;
  stored: number;
  duplicates: number;
  refused: number;
  corpusFiles: number;
  /** Exams that kept hasImage from the seed without images and had it cleared. */
  clearedHasImage: number;
  bytes: number;
  ms: number;
  aborted: boolean;
}

interface PlannedExam {
  examId: string;
  kind: DemoImageKind;
  modality: GeneratedModality;
  options: StudyOptions;
}

/** Marks a freshly seeded demo database as waiting for its images (done in the background after the server starts). */
export async function markDemoImagesPending(db: Database): Promise<void> {
  await db
    .insert(siteConfig)
    .values({ key: DEMO_IMAGES_KEY, value: { state: 'pending' } })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value: { state: 'pending' } } });
}

export async function demoImagesState(db: Database): Promise<'pending' | 'done' | null> {
  const [row] = await db.select().from(siteConfig).where(eq(siteConfig.key, DEMO_IMAGES_KEY)).limit(1);
  const state = (row?.value as { state?: string } | undefined)?.state;
  return state === 'pending' || state === 'done' ? state : null;
}

export interface DemoImagesRun {
  /** Settles when the work ends (finished, aborted or failed: failures are logged, never thrown). */
  done: Promise<DemoImagesReport | null>;
  /** Stops between two instances and waits; a later start carries on where it stopped. */
  stop(): Promise<void>;
}

/**
 * Starts the images of a demo database that is waiting for them, in the background: the server is already serving
 * while they arrive. Nothing happens when none are pending. Progress is logged without patient data.
 */
export function startPendingDemoImages(
  db: Database,
  archive: DicomArchive,
  opts: Omit<DemoImagesOptions, 'signal'>,
): DemoImagesRun {
  const controller = new AbortController();
  const done = (async () => {
    if ((await demoImagesState(db)) !== 'pending') return null;
    opts.log?.info({}, 'demo images: generating in the background');
    const report = await seedDemoImages(db, archive, { worker: true, ...opts, signal: controller.signal });
    if (!report.aborted) {
      await db
        .update(siteConfig)
        .set({ value: { state: 'done', exams: report.exams, instances: report.instances, bytes: report.bytes } })
        .where(eq(siteConfig.key, DEMO_IMAGES_KEY));
    }
    opts.log?.info(
      { ...report },
      report.aborted ? 'demo images: stopped, resumed at the next start' : 'demo images: done',
    );
    return report;
  })().catch((err: unknown) => {
    opts.log?.warn({ err: { name: (err as Error)?.name, message: (err as Error)?.message } }, 'demo images failed');
    return null;
  });
  return {
    done,
    stop: async () => {
      controller.abort();
      await done;
    },
  };
}

/**
 * Gives the most recent demo exams of each kind generated images through the archive's ingest (files, index, exam
 * linking by AccessionNumber, thumbnails: exactly as a modality's C-STORE), adds the valid pydicom corpus files as
 * unmatched studies, and clears hasImage on the other exams the seed said had images (their images never existed).
 * Deterministic: generated UIDs derive from the exams' study UIDs, so a second run stores nothing twice.
 */
export async function seedDemoImages(
  db: Database,
  archive: DicomArchive,
  opts: DemoImagesOptions,
): Promise<DemoImagesReport> {
  const started = Date.now();
  const report: DemoImagesReport = {
    exams: 0,
    instances: 0,
    stored: 0,
    duplicates: 0,
    refused: 0,
    corpusFiles: 0,
    clearedHasImage: 0,
    bytes: 0,
    ms: 0,
    aborted: false,
  };
  const plan = await planDemoImages(db, opts);
  report.clearedHasImage = await clearUnbackedHasImage(
    db,
    plan.map((p) => p.examId),
  );
  await fsp.mkdir(opts.tempDir, { recursive: true });

  const ingest = async (bytes: Buffer): Promise<void> => {
    const temp = path.join(opts.tempDir, `${randomUUID()}.dcm`);
    await fsp.writeFile(temp, bytes);
    const result = await archive.ingestFile(temp, { source: DEMO_IMAGES_SOURCE });
    report.instances += 1;
    report.bytes += bytes.length;
    if (result.status === 'stored') report.stored += 1;
    else if (result.status === 'duplicate') report.duplicates += 1;
    else report.refused += 1;
  };

  const worker = opts.worker && plan.length ? await GeneratorWorker.start() : null;
  if (opts.worker && plan.length && !worker)
    opts.log?.warn({}, 'demo images: no worker thread, generating on the main thread');
  try {
    for (const exam of plan) {
      const instances = worker ? worker.study(exam.modality, exam.options) : inThread(exam);
      for await (const bytes of instances) {
        if (opts.signal?.aborted) return finish(report, started, true);
        await ingest(bytes);
      }
      report.exams += 1;
      if (report.exams % 10 === 0)
        opts.log?.info({ exams: report.exams, of: plan.length, instances: report.instances }, 'demo images: progress');
    }
  } finally {
    await worker?.close();
  }

  for (const file of corpusFiles(opts.corpusDir === undefined ? CORPUS_DIR : opts.corpusDir)) {
    if (opts.signal?.aborted) return finish(report, started, true);
    await ingest(await fsp.readFile(file));
    report.corpusFiles += 1;
  }
  return finish(report, started, false);
}

/** Generation in this thread, yielding to the event loop between instances so requests get in. */
async function* inThread(exam: PlannedExam): AsyncGenerator<Buffer> {
  for (const instance of generateStudy(exam.modality, exam.options)) {
    yield instance.bytes;
    await yieldToEventLoop();
  }
}

function finish(report: DemoImagesReport, started: number, aborted: boolean): DemoImagesReport {
  report.ms = Date.now() - started;
  report.aborted = aborted;
  return report;
}

/** The valid files of the pydicom test corpus (the deliberately broken ones are left out); none when not installed. */
function corpusFiles(dir: string | null): string[] {
  if (!dir || !fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.dcm') && !(f in REFUSED))
    .sort()
    .map((f) => path.join(dir, f));
}

const KIND_OF: Record<DemoImageKind, { modalities: string[]; bodyParts: string[] | null }> = {
  ctHead: { modalities: ['CT'], bodyParts: ['HEAD'] },
  mrHead: { modalities: ['MR'], bodyParts: ['HEAD'] },
  chest: { modalities: ['CR', 'DX'], bodyParts: ['CHEST'] },
  us: { modalities: ['US'], bodyParts: null },
  mg: { modalities: ['MG'], bodyParts: null },
};

/** The exams that get images: done (not scheduled), not archived, with an accession number, most recent first. */
export async function planDemoImages(
  db: Database,
  opts: Pick<DemoImagesOptions, 'limits' | 'sizes'> = {},
): Promise<PlannedExam[]> {
  const limits = { ...DEFAULT_DEMO_IMAGE_LIMITS, ...opts.limits };
  const sizes = { ...DEFAULT_DEMO_IMAGE_SIZES, ...opts.sizes };
  const planned: (PlannedExam & { at: number })[] = [];
  for (const kind of Object.keys(KIND_OF) as DemoImageKind[]) {
    const limit = limits[kind];
    if (!limit) continue;
    const { modalities, bodyParts } = KIND_OF[kind];
    const rows = await db
      .select({
        id: exams.id,
        accessionNumber: exams.accessionNumber,
        modality: exams.modalityCode,
        description: exams.description,
        examDate: exams.examDate,
        studyInstanceUid: exams.studyInstanceUid,
        studyDate: exams.studyDate,
        studyTime: exams.studyTime,
        hn: exams.hn,
        dicomPatientId: exams.dicomPatientId,
        prefixName: exams.prefixName,
        firstName: exams.firstName,
        middleName: exams.middleName,
        lastName: exams.lastName,
        birthDate: exams.birthDate,
        gender: exams.gender,
        referringPhysicianName: exams.referringPhysicianName,
        station: exams.scheduledStationAeTitle,
        prefixEn: patients.prefixEn,
        firstNameEn: patients.firstNameEn,
        middleNameEn: patients.middleNameEn,
        lastNameEn: patients.lastNameEn,
        institution: branches.nameEn,
      })
      .from(exams)
      .leftJoin(patients, eq(patients.id, exams.patientId))
      .innerJoin(branches, eq(branches.id, exams.branchId))
      .where(
        and(
          isNull(exams.deletedAt),
          ne(exams.status, 'Scheduled'),
          isNull(exams.zipStatus),
          sql`${exams.accessionNumber} is not null`,
          inArray(exams.modalityCode, modalities),
          bodyParts ? inArray(exams.bodyPart, bodyParts) : undefined,
        ),
      )
      .orderBy(desc(exams.examDate), desc(exams.id))
      .limit(limit);
    rows.forEach((r, index) => {
      const modality = r.modality as GeneratedModality;
      const thai = personName([r.lastName, r.firstName, r.middleName, r.prefixName]);
      const english = personName([r.lastNameEn, r.firstNameEn, r.middleNameEn, r.prefixEn]);
      const when =
        r.studyDate && r.studyTime ? { date: r.studyDate, time: r.studyTime.slice(0, 6) } : dicomDateTime(r.examDate);
      const options: StudyOptions = {
        syntax: SYNTAX[modality],
        patient: {
          name: english ? `${english}=${thai}` : thai,
          id: r.dicomPatientId || r.hn,
          birthDate: r.birthDate ? r.birthDate.replaceAll('-', '') : null,
          sex: r.gender === 'Male' ? 'M' : r.gender === 'Female' ? 'F' : 'O',
        },
        study: {
          // An exam without a StudyInstanceUID gets one from its accession (linking goes by accession anyway).
          studyInstanceUid: r.studyInstanceUid ?? uidFrom(`accession|${r.accessionNumber}`),
          accessionNumber: r.accessionNumber,
          date: when.date,
          time: when.time,
          description: r.description.slice(0, 64),
          studyId: r.accessionNumber?.slice(0, 16) ?? null,
          referringPhysicianName: r.referringPhysicianName,
          institutionName: r.institution.slice(0, 64),
          stationName: r.station?.slice(0, 16) ?? null,
        },
        ct: index < sizes.bigCtExams ? { ...sizes.bigCt } : { ...sizes.ct, coverageMm: 160 },
        mr: { ...sizes.mr },
        radiograph: { size: sizes.radiograph },
        us: { cineFrames: index < sizes.usCineExams ? sizes.usCineFrames : 0 },
        mg: { columns: sizes.mgColumns },
      };
      planned.push({ examId: r.id, kind, modality, options, at: r.examDate.getTime() });
    });
  }
  // Most recent first across kinds, so the first worklist page has its pictures soonest.
  return planned.sort((a, b) => b.at - a.at || a.examId.localeCompare(b.examId)).map(({ at: _at, ...p }) => p);
}

/** 'Family^Given^Middle^Prefix' without trailing empty components; '' when there is no name. */
function personName(parts: (string | null)[]): string {
  return parts
    .map((p) => (p ?? '').replace(/[\\^=]/g, ' ').trim())
    .join('^')
    .replace(/\^+$/, '');
}

/**
 * The seed marks every exam that was done as having images; those that get none keep their status and log but lose
 * hasImage, so the worklist never offers a viewer with nothing in it. Archived exams (zipStatus) keep theirs: their
 * images are in cold storage.
 */
async function clearUnbackedHasImage(db: Database, keep: string[]): Promise<number> {
  const rows = await db
    .update(exams)
    .set({ hasImage: false })
    .where(
      and(
        eq(exams.hasImage, true),
        isNull(exams.zipStatus),
        keep.length ? notInArray(exams.id, keep) : undefined,
        sql`not exists (select 1 from dicom_studies s where s.exam_id = ${exams.id})`,
      ),
    )
    .returning({ id: exams.id });
  return rows.length;
}
