import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, desc, eq, gte, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { DicomArchive, IngestResult } from '../dicom/archive';
import type { ArrivingImages } from '../dicom/arriving-images';
import { GeneratorWorker } from './images/generate-in-worker';
import {
  GENERATED_MODALITIES,
  generateStudy,
  uidFrom,
  type GeneratedModality,
  type GeneratedSyntax,
  type StudyOptions,
} from './images/index';
import { CORPUS_DIR, REFUSED } from '../dicom/testing/corpus';
import type { Database } from '../db/client';
import { branches, dicomStudies, examEvents, exams, patients, siteConfig } from '../db/schema/index';
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
  /** Every other exam of the window: one small series, written in a fraction of a second (DI7). */
  small: { ctSlices: number; ctSize: number; mrSize: number; mrSlices: number; radiograph: number; mgColumns: number };
}

export interface DemoImagesOptions {
  /** Kept for callers of the earlier interface; instances now go to the archive from memory. */
  tempDir?: string;
  /** How many exams of each kind get the full-size showcase series, most recent first (the rest get small ones). */
  limits?: Partial<Record<DemoImageKind, number>>;
  sizes?: Partial<DemoImageSizes>;
  /** Completed exams older than this many days have no images in the demo (their log says they were deleted). */
  windowDays?: number;
  /** The clock the window is counted from (default: now). */
  now?: Date;
  /** The pydicom test files to add as unmatched studies; null leaves them out. Default: Debian's, when installed. */
  corpusDir?: string | null;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  signal?: AbortSignal;
  /**
   * Generate on a worker thread (the server's background run): the event loop stays free for requests and signals.
   * Falls back to the calling thread when no worker can start.
   */
  worker?: boolean;
  /** Filled with the exams still waiting for their images, emptied as they arrive (the worklist shows them arriving). */
  arriving?: ArrivingImages;
  /** Instances handed to the archive at once (its group commit shares one statement among them). */
  concurrency?: number;
  /**
   * The embedded engine (one connection): while the demo images are written, commits do not wait for their WAL flush
   * (synchronous_commit off: a crash loses the last moment's commits, never consistency; the run is resumable). DI7.
   */
  relaxCommits?: boolean;
}

/** Exams of each kind that get the full-size showcase series (the rest of the window gets small ones). */
export const DEFAULT_DEMO_IMAGE_LIMITS: Record<DemoImageKind, number> = {
  ctHead: 6,
  mrHead: 4,
  chest: 8,
  us: 6,
  mg: 3,
};
export const DEFAULT_DEMO_IMAGE_SIZES: DemoImageSizes = {
  bigCtExams: 1,
  bigCt: { slices: 120, size: 512 },
  ct: { slices: 32, size: 256 },
  mr: { size: 256, axialSlices: 16, sagittalSlices: 12 },
  radiograph: 1024,
  mgColumns: 768,
  usCineExams: 2,
  usCineFrames: 12,
  small: { ctSlices: 4, ctSize: 128, mrSize: 128, mrSlices: 4, radiograph: 256, mgColumns: 128 },
};
/** Completed exams of the last week have images; older ones were deleted (their log says so). */
export const DEMO_IMAGE_WINDOW_DAYS = 7;
/** What the log of an exam whose images the demo does not keep says (the action a DICOM delete writes). */
export const DEMO_IMAGES_RETIRED_DETAIL = `ภาพถูกลบแล้ว: ข้อมูลสาธิตเก็บภาพเฉพาะ ${DEMO_IMAGE_WINDOW_DAYS} วันล่าสุด (demo keeps the images of the last ${DEMO_IMAGE_WINDOW_DAYS} days)`;
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
  /**
   * Exams the seed said had images that the demo does not keep (completed before the window, or archived): hasImage
   * cleared and a "deleted" line in their log, as after a DICOM delete.
   */
  clearedHasImage: number;
  bytes: number;
  ms: number;
  aborted: boolean;
}

interface PlannedExam {
  examId: string;
  kind: DemoImageKind | 'small';
  modality: GeneratedModality;
  options: StudyOptions;
}

interface PendingState {
  state: 'pending';
  /** The exams that get images (chosen when the seed ran, so a later resume gives the same ones). */
  examIds?: string[];
}

/**
 * Marks a freshly seeded demo database as waiting for its images and makes every exam tell the truth meanwhile: the
 * exams that will get images show no images until theirs are linked (the worklist shows them arriving), and those
 * whose images the demo does not keep lose hasImage with a log line saying so. Runs before the server listens.
 */
export async function markDemoImagesPending(
  db: Database,
  opts: Pick<DemoImagesOptions, 'windowDays' | 'now'> = {},
): Promise<{ planned: number; retired: number }> {
  const examIds = await examsThatGetImages(db, opts);
  const retired = await retireUnkeptImages(db, examIds, opts.now ?? new Date());
  await db
    .update(exams)
    .set({ hasImage: false })
    .where(
      and(
        eq(exams.hasImage, true),
        inArray(exams.id, examIds.length ? examIds : ['00000000-0000-0000-0000-000000000000']),
        sql`not exists (select 1 from dicom_studies s where s.exam_id = "exams"."id")`,
      ),
    );

  const value: PendingState = { state: 'pending', examIds };
  await db
    .insert(siteConfig)
    .values({ key: DEMO_IMAGES_KEY, value })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value } });
  return { planned: examIds.length, retired };
}

/** Fills `arriving` with the exams of a pending run that have no images yet (before the server listens). */
export async function primeArrivingImages(db: Database, arriving: ArrivingImages): Promise<number> {
  if ((await demoImagesState(db)) !== 'pending') return 0;
  const ids = (await pendingExamIds(db)) ?? [];
  const linked = await examsWithStudies(db, ids);
  arriving.set(ids.filter((id) => !linked.has(id)));
  return arriving.size;
}

async function pendingExamIds(db: Database): Promise<string[] | null> {
  const [row] = await db.select().from(siteConfig).where(eq(siteConfig.key, DEMO_IMAGES_KEY)).limit(1);
  const ids = (row?.value as PendingState | undefined)?.examIds;
  return Array.isArray(ids) ? ids : null;
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
    if (opts.relaxCommits) await db.execute(sql`set synchronous_commit = off`);
    let report: DemoImagesReport;
    try {
      report = await seedDemoImages(db, archive, { worker: true, ...opts, signal: controller.signal });
    } finally {
      if (opts.relaxCommits) await db.execute(sql`reset synchronous_commit`).catch(() => undefined);
    }
    if (!report.aborted) {
      await db
        .update(siteConfig)
        .set({ value: { state: 'done', exams: report.exams, instances: report.instances, bytes: report.bytes } })
        .where(eq(siteConfig.key, DEMO_IMAGES_KEY));
    }
    opts.log?.info(
      { ...report },
      report.aborted ? 'demo images: stopped, resumed at the next start' : 'demo images: all in',
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
 * Gives every demo exam whose status says its images came (done within the window, and every open one) generated
 * images through the archive's ingest (files, index, exam linking by AccessionNumber, thumbnails: exactly as a
 * modality's C-STORE): the newest of each kind full-size series, the others one small series. Adds the valid pydicom
 * corpus files as unmatched studies. Exams the demo keeps no images for lose hasImage with a log line saying so.
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
  let examIds = await pendingExamIds(db);
  if (!examIds) {
    examIds = await examsThatGetImages(db, opts);
    report.clearedHasImage = await retireUnkeptImages(db, examIds, opts.now ?? new Date());
  }
  const plan = await planDemoImages(db, { ...opts, examIds });
  if (opts.arriving) {
    const linked = await examsWithStudies(db, examIds);
    opts.arriving.set(examIds.filter((id) => !linked.has(id)));
  }
  const concurrency = Math.max(1, opts.concurrency ?? 16);
  const inFlight = new Set<Promise<void>>();

  const ingest = async (bytes: Buffer): Promise<void> => {
    const result = await archive
      .ingestBytes(bytes, { source: DEMO_IMAGES_SOURCE })
      .catch((): IngestResult => ({ status: 'refused', code: 'error', reason: 'ingest failed' }));
    report.instances += 1;
    report.bytes += bytes.length;
    if (result.status === 'stored') report.stored += 1;
    else if (result.status === 'duplicate') report.duplicates += 1;
    else report.refused += 1;
  };
  /** Waits for a free slot, hands the instance over and answers its settling (not awaited: the next one goes on). */
  const send = async (bytes: Buffer): Promise<{ settled: Promise<void> }> => {
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    const settled = ingest(bytes);
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
    return { settled };
  };
  const settle = async () => {
    await Promise.all(inFlight);
  };

  const worker = opts.worker && plan.length ? await GeneratorWorker.start() : null;
  if (opts.worker && plan.length && !worker)
    opts.log?.warn({}, 'demo images: no worker thread, generating on the main thread');
  try {
    for (const exam of plan) {
      const instances = worker ? worker.study(exam.modality, exam.options) : inThread(exam);
      const mine: Promise<void>[] = [];
      for await (const bytes of instances) {
        if (opts.signal?.aborted) {
          await settle();
          return finish(report, started, true);
        }
        mine.push((await send(bytes)).settled);
      }
      const examId = exam.examId;
      void Promise.all(mine).then(() => opts.arriving?.done(examId));
      report.exams += 1;
      if (report.exams % 100 === 0)
        opts.log?.info({ exams: report.exams, of: plan.length, instances: report.instances }, 'demo images: progress');
    }
    await settle();
  } finally {
    await settle();
    await worker?.close();
  }

  for (const file of corpusFiles(opts.corpusDir === undefined ? CORPUS_DIR : opts.corpusDir)) {
    if (opts.signal?.aborted) {
      await settle();
      return finish(report, started, true);
    }
    await send(await fsp.readFile(file));
    report.corpusFiles += 1;
  }
  await settle();
  opts.arriving?.clear();
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

/**
 * The exams whose status says their images came: received (not scheduled), with an accession number, not archived,
 * of a modality the generators draw, and either done within the window or still open (arrived, assigned, accepted,
 * rejected: a reader must be able to open them whatever their age).
 */
export async function examsThatGetImages(
  db: Database,
  opts: Pick<DemoImagesOptions, 'windowDays' | 'now'> = {},
): Promise<string[]> {
  const since = new Date((opts.now ?? new Date()).getTime() - (opts.windowDays ?? DEMO_IMAGE_WINDOW_DAYS) * 86_400_000);
  const rows = await db
    .select({ id: exams.id })
    .from(exams)
    .where(
      and(
        isNull(exams.deletedAt),
        ne(exams.status, 'Scheduled'),
        isNotNull(exams.receivedAt),
        isNotNull(exams.accessionNumber),
        sql`${exams.zipStatus} is distinct from 'Archive'`,
        inArray(exams.modalityCode, [...GENERATED_MODALITIES]),
        or(gte(exams.examDate, since), ne(exams.status, 'Completed')),
      ),
    )
    .orderBy(desc(exams.examDate), desc(exams.id));
  return rows.map((r) => r.id);
}

/** The generation plan of the given exams, most recent first: the newest of each kind full-size, the others small. */
export async function planDemoImages(
  db: Database,
  opts: Pick<DemoImagesOptions, 'limits' | 'sizes' | 'windowDays' | 'now'> & { examIds?: string[] } = {},
): Promise<PlannedExam[]> {
  const limits = { ...DEFAULT_DEMO_IMAGE_LIMITS, ...opts.limits };
  const sizes = { ...DEFAULT_DEMO_IMAGE_SIZES, ...opts.sizes };
  const small = { ...DEFAULT_DEMO_IMAGE_SIZES.small, ...opts.sizes?.small };
  const ids = opts.examIds ?? (await examsThatGetImages(db, opts));
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: exams.id,
      accessionNumber: exams.accessionNumber,
      modality: exams.modalityCode,
      bodyPart: exams.bodyPart,
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
    .where(and(inArray(exams.id, ids), isNotNull(exams.accessionNumber)))
    .orderBy(desc(exams.examDate), desc(exams.id));
  const used: Record<DemoImageKind, number> = { ctHead: 0, mrHead: 0, chest: 0, us: 0, mg: 0 };
  const planned: PlannedExam[] = [];
  for (const r of rows) {
    if (!(GENERATED_MODALITIES as readonly string[]).includes(r.modality)) continue;
    const modality = r.modality as GeneratedModality;
    const kind = (Object.keys(KIND_OF) as DemoImageKind[]).find(
      (k) =>
        KIND_OF[k].modalities.includes(modality) &&
        (!KIND_OF[k].bodyParts || KIND_OF[k].bodyParts.includes(r.bodyPart ?? '')),
    );
    const index = kind ? used[kind] : 0;
    const showcase = kind !== undefined && index < limits[kind];
    if (kind && showcase) used[kind] += 1;
    const thai = personName([r.lastName, r.firstName, r.middleName, r.prefixName]);
    const english = personName([r.lastNameEn, r.firstNameEn, r.middleNameEn, r.prefixEn]);
    const when =
      r.studyDate && r.studyTime ? { date: r.studyDate, time: r.studyTime.slice(0, 6) } : dicomDateTime(r.examDate);
    const base: StudyOptions = {
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
    };
    const options: StudyOptions = showcase
      ? {
          ...base,
          ct: index < sizes.bigCtExams ? { ...sizes.bigCt } : { ...sizes.ct, coverageMm: 160 },
          mr: { ...sizes.mr },
          radiograph: { size: sizes.radiograph },
          us: { cineFrames: index < sizes.usCineExams ? sizes.usCineFrames : 0 },
          mg: { columns: sizes.mgColumns },
        }
      : {
          ...base,
          // A few noise patterns shared by the small studies: each instance stays unique (UIDs come from the study).
          seed: `demo-small|${modality}|${planned.length % 4}`,
          ct: { slices: small.ctSlices, size: small.ctSize, coverageMm: 120, localizer: false },
          mr: { size: small.mrSize, axialSlices: small.mrSlices, sagittalSlices: 0 },
          radiograph: { size: small.radiograph },
          us: { stills: 1, cineFrames: 0, doppler: false },
          mg: { columns: small.mgColumns },
        };
    planned.push({ examId: r.id, kind: showcase ? kind : 'small', modality, options });
  }
  // Most recent first across kinds, so the first worklist page has its pictures soonest.
  return planned;
}

/** 'Family^Given^Middle^Prefix' without trailing empty components; '' when there is no name. */
function personName(parts: (string | null)[]): string {
  return parts
    .map((p) => (p ?? '').replace(/[\\^=]/g, ' ').trim())
    .join('^')
    .replace(/\^+$/, '');
}

async function examsWithStudies(db: Database, examIds: string[]): Promise<Set<string>> {
  if (!examIds.length) return new Set();
  const rows = await db
    .select({ examId: dicomStudies.examId })
    .from(dicomStudies)
    .where(inArray(dicomStudies.examId, examIds));
  return new Set(rows.map((r) => r.examId).filter((id): id is string => !!id));
}

/**
 * The seed marks every exam that was done as having images; those the demo keeps none for (completed before the
 * window, archived ones: cold storage holds nothing) lose hasImage and their archive state, and their log gets the
 * line a DICOM delete writes, saying why: nothing says images exist that do not. Status and report are kept.
 */
async function retireUnkeptImages(db: Database, keep: string[], now: Date): Promise<number> {
  const kept = new Set(keep);
  const claimed = await db
    .select({ id: exams.id })
    .from(exams)
    .where(
      and(
        or(eq(exams.hasImage, true), eq(exams.zipStatus, 'Archive')),
        isNull(exams.deletedAt),
        sql`not exists (select 1 from dicom_studies s where s.exam_id = "exams"."id")`,
      ),
    );
  const ids = claimed.map((r) => r.id).filter((id) => !kept.has(id));
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db.transaction(async (tx) => {
      await tx
        .update(exams)
        .set({
          hasImage: false,
          zipStatus: null,
          zipStatusUpdatedAt: null,
          updatedAt: now,
          version: sql`${exams.version} + 1`,
        })
        .where(inArray(exams.id, chunk));
      await tx.insert(examEvents).values(
        chunk.map((examId) => ({
          examId,
          at: now,
          userId: null,
          userName: 'system',
          action: 'dicomDeleted',
          detail: DEMO_IMAGES_RETIRED_DETAIL,
        })),
      );
    });
  }
  return ids.length;
}
