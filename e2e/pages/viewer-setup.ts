import { expect, type APIRequestContext } from '@playwright/test';
import dicomParser from 'dicom-parser';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Debian's python3-pydicom test files (docs/pydicom-corpus.md). */
export const PYDICOM_FILES = '/usr/lib/python3/dist-packages/pydicom/data/test_files';

export interface ExamRow {
  examId: string;
  accessionNumber: string | null;
  hasImage: boolean;
  status: string;
  reviewerId: string | null;
  zipStatus: string | null;
  branchId: number;
  version: number;
  patientName: string;
  requestId: string | null;
  dicomAuditStatus: string | null;
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());

export async function searchExams(
  api: APIRequestContext,
  extra: Record<string, unknown> = {},
  page = 1,
): Promise<ExamRow[]> {
  const res = await api.post(`/api/exam/search?page=${page}`, {
    data: { examFromDate: '2000-01-01', examToDate: today(), ...extra },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { rows: ExamRow[] } }).data.rows;
}

/** Scheduled exams of the user's scope without images, the place stray images are matched to. */
export async function examsWithoutImages(api: APIRequestContext): Promise<ExamRow[]> {
  return (await searchExams(api)).filter((e) => !e.hasImage && e.accessionNumber && e.status === 'Scheduled');
}

/**
 * The same file under new Study/Series/SOP Instance UIDs (same length, so every element length holds): the corpus
 * reuses UIDs between its variants, and the archive keeps one instance per SOP Instance UID.
 */
export function freshCopy(file: string): Buffer {
  const bytes = readFileSync(join(PYDICOM_FILES, file));
  const ds = dicomParser.parseDicom(new Uint8Array(bytes), { untilTag: 'x7fe00010' });
  let text = bytes.toString('latin1');
  for (const tag of ['x0020000d', 'x0020000e', 'x00080018']) {
    const uid = ds.string(tag);
    if (!uid) throw new Error(`${file} has no ${tag}`);
    // Replace the last digits by random non-zero ones: a valid UID of the same length.
    const keep = uid.length - Math.min(6, uid.length - uid.lastIndexOf('.') - 1);
    const fresh =
      uid.slice(0, keep) + Array.from({ length: uid.length - keep }, () => String(randomInt(1, 10))).join('');
    text = text.split(uid).join(fresh);
  }
  return Buffer.from(text, 'latin1');
}

/**
 * A JPEG 2000 file whose codestream header is wiped (SIZ marker segment zeroed): a well-formed DICOM file the
 * archive stores, whose pixels no codec can decode.
 */
export function undecodableJ2k(): Buffer {
  const bytes = freshCopy('JPEG2000.dcm');
  const soc = bytes.indexOf(Buffer.from([0xff, 0x4f, 0xff, 0x51]));
  if (soc < 0) throw new Error('no JPEG 2000 codestream');
  bytes.fill(0, soc, soc + 40);
  return bytes;
}

/** STOW-RS of Part-10 instances; answers the Study Instance UIDs stored. */
export async function stow(api: APIRequestContext, instances: Buffer[]): Promise<void> {
  const boundary = `viewer-${Date.now()}`;
  const parts = instances.map((b) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Type: application/dicom\r\n\r\n`), b, Buffer.from('\r\n')]),
  );
  const res = await api.post('/dicomweb/studies', {
    headers: {
      'content-type': `multipart/related; type="application/dicom"; boundary=${boundary}`,
      accept: 'application/dicom+json',
    },
    data: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    timeout: 180_000,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Links every unmatched study whose UID is given to the exam (the staff's "จับคู่" action, through its API). */
export async function matchStudies(api: APIRequestContext, studyUids: string[], examId: string): Promise<void> {
  const res = await api.get('/api/dicom/unmatched?pageSize=100');
  expect(res.status()).toBe(200);
  const rows = ((await res.json()) as { data: { rows: { studyId: string; studyInstanceUid: string }[] } }).data.rows;
  for (const uid of studyUids) {
    const row = rows.find((r) => r.studyInstanceUid === uid);
    expect(row, `study ${uid} is listed as unmatched`).toBeDefined();
    const match = await api.post(`/api/dicom/unmatched/${row!.studyId}/match`, { data: { examId } });
    expect(match.status(), await match.text()).toBe(200);
  }
}

export function studyUidOf(bytes: Buffer): string {
  return dicomParser.parseDicom(new Uint8Array(bytes), { untilTag: 'x7fe00010' }).string('x0020000d')!;
}

/** An exam row with the patient's HN and exam date (the search row carries both). */
export type DatedExamRow = ExamRow & { hn: string; examDate: string };

/**
 * Two exams of one patient without images, on different dates: the earlier is the prior of the later (issue 5
 * compare layout). Patients come from the scheduled exams without images; their other exams from a search by HN.
 */
export async function patientExamPair(
  api: APIRequestContext,
  skip: string[] = [],
): Promise<{ current: DatedExamRow; prior: DatedExamRow }> {
  const seeds = (await examsWithoutImages(api)) as DatedExamRow[];
  const tried = new Set<string>();
  for (const seed of seeds) {
    if (!seed.hn || tried.has(seed.hn)) continue;
    tried.add(seed.hn);
    const mine = ((await searchExams(api, { hospitalNumber: seed.hn })) as DatedExamRow[])
      .filter((e) => e.hn === seed.hn && !e.hasImage && e.accessionNumber && !e.zipStatus && !skip.includes(e.examId))
      .sort((a, b) => a.examDate.localeCompare(b.examDate));
    const prior = mine[0];
    const current = prior ? mine.find((e) => e.examDate > prior.examDate) : undefined;
    if (prior && current) return { current, prior };
  }
  throw new Error('no patient with two exams without images in scope');
}
