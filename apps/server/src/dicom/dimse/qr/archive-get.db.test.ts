import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditService } from '../../../audit/audit.service';
import type { DatabaseHandle } from '../../../db/client';
import { auditLog } from '../../../db/schema/index';
import type { LocalDicomArchive } from '../../archive/local-archive';
import { buildInstance, testUid } from '../../testing/build-dicom';
import { corpusPath, undecodableJ2k } from '../../testing/corpus';
import { parseBytes } from '../../thumbnails/decode-frame';
import { dimse, type DimseCGetResponse, type DimseCStoreRequest, type DimseCStoreResponse } from '../lib';
import { run } from '../test/dcmtk';
import { datasetOf, openArchiveFixture, pixelDataOf, type ArchiveFixture } from '../test/archive-fixture';
import { startListener, type Harness } from '../test/harness';
import { ArchiveGet } from './archive-get';

const WORKSTATION = 'READING_WS';

describe('Study Root C-GET SCP, retrieved by dcmtk getscu', () => {
  let fixture: ArchiveFixture;
  let database: DatabaseHandle;
  let archive: LocalDicomArchive;
  let h: Harness;
  let dataDir: string;
  const study = testUid();
  const series = [testUid(), testUid()];
  /** Data set bytes (after the meta header) of each stored instance, by SOP Instance UID. */
  const sent = new Map<string, Buffer>();
  const sopsOf: string[][] = [[], []];

  /** getscu into a fresh folder: its exit code, output, and the data sets it wrote, by SOP Instance UID (its file name). */
  const getscu = async (callingAe: string, keys: string[], model = '-S') => {
    const out = fs.mkdtempSync(path.join(dataDir, 'get-'));
    const args = ['-v', model, '-aet', callingAe, '-aec', 'RANGSI', '+B', '-od', out];
    for (const k of keys) args.push('-k', k);
    const r = await run('getscu', [...args, '127.0.0.1', String(h.listener.port)]);
    const files = new Map<string, Buffer>();
    for (const name of fs.readdirSync(out))
      files.set(name.replace(/^[A-Z]{2}\./, ''), datasetOf(fs.readFileSync(path.join(out, name))));
    return { code: r.code, output: r.stdout + r.stderr, files, dir: out };
  };

  beforeAll(async () => {
    fixture = await openArchiveFixture('get');
    ({ database, archive, dataDir } = fixture);
    // The second series' images (160 KB) need several PDUs at getscu's 128 KB.
    for (const [s, uid] of series.entries()) {
      for (let i = 1; i <= (s === 0 ? 3 : 2); i++) {
        const b = buildInstance({
          studyUid: study,
          seriesUid: uid,
          seriesNumber: s + 1,
          instanceNumber: i,
          modality: 'CT',
          patientId: 'GET-1',
          rows: s === 1 ? 400 : 64,
          columns: s === 1 ? 400 : 64,
        });
        expect((await archive.ingestBytes(b.bytes, { source: 'TEST' })).status).toBe('stored');
        sent.set(b.sopUid, datasetOf(b.bytes));
        sopsOf[s]!.push(b.sopUid);
      }
    }
    h = await startListener({
      retrieve: new ArchiveGet(database.db, archive, new AuditService(database.db)),
      queryAeTitles: [WORKSTATION],
    });
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await fixture.close();
  });

  it('sends every image of a study on the same association, each data set byte for byte as stored', async () => {
    const r = await getscu(WORKSTATION, ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${study}`]);
    expect(r.code, r.output).toBe(0);
    expect(r.output).toContain('Received C-GET Response (Success)');
    expect(r.output).toMatch(/Number of Completed Suboperations : 5\b/);
    expect([...r.files.keys()].sort()).toEqual([...sent.keys()].sort());
    for (const [sop, bytes] of r.files) expect(bytes.equals(sent.get(sop)!), sop).toBe(true);
  });

  it('sends a series, and chosen images of a series', async () => {
    // A PatientID left in from the query (even a wildcard) does not matter in Study Root.
    const bySeries = await getscu(WORKSTATION, [
      'QueryRetrieveLevel=SERIES',
      'PatientID=GET*',
      `StudyInstanceUID=${study}`,
      `SeriesInstanceUID=${series[1]}`,
    ]);
    expect(bySeries.code, bySeries.output).toBe(0);
    expect([...bySeries.files.keys()].sort()).toEqual([...sopsOf[1]!].sort());
    const two = sopsOf[0]!.slice(0, 2);
    const byImage = await getscu(WORKSTATION, [
      'QueryRetrieveLevel=IMAGE',
      `StudyInstanceUID=${study}`,
      `SeriesInstanceUID=${series[0]}`,
      `SOPInstanceUID=${two.join('\\')}`,
    ]);
    expect(byImage.code, byImage.output).toBe(0);
    expect([...byImage.files.keys()].sort()).toEqual([...two].sort());
  });

  it('Patient Root: sends every image of a patient, and of a study named under its PatientID', async () => {
    const byPatient = await getscu(WORKSTATION, ['QueryRetrieveLevel=PATIENT', 'PatientID=GET-1'], '-P');
    expect(byPatient.code, byPatient.output).toBe(0);
    expect([...byPatient.files.keys()].sort()).toEqual([...sent.keys()].sort());
    const byStudy = await getscu(
      WORKSTATION,
      ['QueryRetrieveLevel=STUDY', 'PatientID=GET-1', `StudyInstanceUID=${study}`],
      '-P',
    );
    expect(byStudy.files.size).toBe(sent.size);
    // A study named under another patient's ID is not that patient's: nothing goes.
    const wrongPatient = await getscu(
      WORKSTATION,
      ['QueryRetrieveLevel=STUDY', 'PatientID=SOMEONE-ELSE', `StudyInstanceUID=${study}`],
      '-P',
    );
    expect(wrongPatient.files.size).toBe(0);
    const noPatient = await getscu(WORKSTATION, ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${study}`], '-P');
    expect(noPatient.files.size).toBe(0);
    expect(noPatient.output).toContain('Error: DataSetDoesNotMatchSOPClass');
  });

  it('refuses a retrieval without the keys of its level, and an AE title not on the query list; sends nothing', async () => {
    const noStudy = await getscu(WORKSTATION, ['QueryRetrieveLevel=SERIES', `SeriesInstanceUID=${series[0]}`]);
    expect(noStudy.files.size).toBe(0);
    expect(noStudy.output).toContain('Error: DataSetDoesNotMatchSOPClass');
    const stranger = await getscu('MODALITY_CT', ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${study}`]);
    expect(stranger.files.size).toBe(0);
    expect(stranger.code).not.toBe(0);
    // The listener keeps serving.
    expect((await getscu(WORKSTATION, ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${study}`])).files.size).toBe(
      sent.size,
    );
  });

  it('sends a grey RLE image decompressed to a workstation that takes only uncompressed ones, pixels unchanged', async () => {
    const stored = await archive.ingestBytes(fs.readFileSync(corpusPath('MR_small_RLE.dcm')), { source: 'TEST' });
    if (stored.status === 'refused') throw new Error(stored.reason);
    // getscu takes uncompressed syntaxes only, unless told otherwise.
    const r = await getscu(WORKSTATION, ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${stored.studyInstanceUid}`]);
    expect(r.output).toMatch(/Number of Completed Suboperations : 1\b/);
    expect([...r.files.keys()]).toEqual([stored.sopInstanceUid]);
    const received = fs.readdirSync(r.dir).map((n) => fs.readFileSync(path.join(r.dir, n)))[0]!;
    expect(parseBytes(received).ts).toBe('1.2.840.10008.1.2.1');
    const original = pixelDataOf(fs.readFileSync(corpusPath('MR_small.dcm')));
    expect(original.length).toBe(64 * 64 * 2);
    expect(pixelDataOf(received).equals(original)).toBe(true);
  });

  it('sends an implicit VR image in explicit VR to a workstation whose context took that', async () => {
    const original = fs.readFileSync(corpusPath('MR_small_implicit.dcm'));
    const stored = await archive.ingestBytes(original, { source: 'TEST' });
    if (stored.status === 'refused') throw new Error(stored.reason);
    const r = await getscu(WORKSTATION, ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${stored.studyInstanceUid}`]);
    expect(r.output).toMatch(/Number of Completed Suboperations : 1\b/);
    const received = fs.readdirSync(r.dir).map((n) => fs.readFileSync(path.join(r.dir, n)))[0]!;
    expect(parseBytes(received).ts).toBe('1.2.840.10008.1.2.1');
    expect(pixelDataOf(received).equals(pixelDataOf(original))).toBe(true);
  });

  it('sends an explicit VR big endian image in little endian (each storage context takes one syntax: getscu’s first)', async () => {
    const stored = await archive.ingestBytes(fs.readFileSync(corpusPath('MR_small_bigendian.dcm')), { source: 'TEST' });
    if (stored.status === 'refused') throw new Error(stored.reason);
    const r = await getscu(WORKSTATION, ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${stored.studyInstanceUid}`]);
    expect(r.output).toMatch(/Number of Completed Suboperations : 1\b/);
    const received = fs.readdirSync(r.dir).map((n) => fs.readFileSync(path.join(r.dir, n)))[0]!;
    expect(parseBytes(received).ts).toBe('1.2.840.10008.1.2.1');
    expect(pixelDataOf(received).equals(pixelDataOf(fs.readFileSync(corpusPath('MR_small.dcm'))))).toBe(true);
  });

  it('sends JPEG 2000 and 12-bit JPEG decompressed too, and counts an image it cannot decode as failed', async () => {
    const j2k = await archive.ingestBytes(fs.readFileSync(corpusPath('MR_small_jp2klossless.dcm')), { source: 'TEST' });
    if (j2k.status === 'refused') throw new Error(j2k.reason);
    const sent = await getscu(WORKSTATION, ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${j2k.studyInstanceUid}`]);
    expect(sent.output).toMatch(/Number of Completed Suboperations : 1\b/);
    const received = fs.readdirSync(sent.dir).map((n) => fs.readFileSync(path.join(sent.dir, n)))[0]!;
    expect(pixelDataOf(received).equals(pixelDataOf(fs.readFileSync(corpusPath('MR_small.dcm'))))).toBe(true);

    // 12-bit JPEG extended: GDCM reads (row 230, column 120) of this image as 95; IDCTs may round a level apart.
    const twelveBit = await archive.ingestBytes(fs.readFileSync(corpusPath('JPEG-lossy.dcm')), { source: 'TEST' });
    if (twelveBit.status === 'refused') throw new Error(twelveBit.reason);
    const t = await getscu(WORKSTATION, ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${twelveBit.studyInstanceUid}`]);
    expect(t.output).toMatch(/Number of Completed Suboperations : 1\b/);
    const pixels = pixelDataOf(fs.readdirSync(t.dir).map((n) => fs.readFileSync(path.join(t.dir, n)))[0]!);
    expect(pixels.length).toBe(256 * 1024 * 2);
    expect(Math.abs(pixels.readUInt16LE((230 * 256 + 120) * 2) - 95)).toBeLessThanOrEqual(1);

    const broken = await archive.ingestBytes(undecodableJ2k(), { source: 'TEST' });
    if (broken.status === 'refused') throw new Error(broken.reason);
    const r = await getscu(WORKSTATION, ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${broken.studyInstanceUid}`]);
    expect(r.files.size).toBe(0);
    expect(r.output).toMatch(/Number of Failed Suboperations\s*: 1\b/);
    expect(r.output).toContain('Warning: SubOperationsCompleteOneOrMoreFailures');
  });

  /**
   * dcmjs-dimse as the workstation (it proposes implicit VR first): a study C-GET whose C-STOREs `onStore` answers
   * (after `delayMs`); every C-GET-RSP it got, as status and counts.
   */
  const dcmjsGet = async (
    onStore: (
      client: InstanceType<typeof dimse.Client>,
      request: InstanceType<typeof dimse.requests.CGetRequest>,
      sop: string,
    ) => void,
    delayMs = 0,
  ) => {
    const client = new dimse.Client();
    const request = dimse.requests.CGetRequest.createStudyGetRequest(study);
    request.setAddStorageSopClassesToAssociation(true);
    const answers: { status: number; completed: number; remaining: number }[] = [];
    request.on('response', (r: DimseCGetResponse) =>
      answers.push({ status: r.getStatus(), completed: r.getCompleted(), remaining: r.getRemaining() }),
    );
    client.on('cStoreRequest', (req: DimseCStoreRequest, callback: (r: DimseCStoreResponse) => void) => {
      // The data set came in implicit VR, read back by dcmjs: the same image.
      const sop = String(req.getDataset()?.getElement('SOPInstanceUID'));
      onStore(client, request, sop);
      const answer = dimse.responses.CStoreResponse.fromRequest(req);
      answer.setStatus(sent.has(sop) ? 0x0000 : 0xc000);
      setTimeout(() => callback(answer), delayMs);
    });
    client.addRequest(request);
    const closed = new Promise<void>((resolve) => client.on('closed', () => resolve()));
    client.send('127.0.0.1', h.listener.port, WORKSTATION, 'RANGSI');
    await closed;
    return answers;
  };

  it('rewrites explicit VR images in implicit VR where the context took that (dcmjs-dimse), and stops at its C-CANCEL before the next image, answering Cancel with the counts', async () => {
    let stores = 0;
    // Cancel while the first image is being answered: it completes, the other four are never sent.
    const answers = await dcmjsGet((client, request) => {
      if (++stores === 1) client.cancel(request);
    });
    expect(stores).toBe(1);
    expect(answers.at(-1)).toEqual({ status: 0xfe00, completed: 1, remaining: sent.size - 1 });
  });

  it('tells a slow workstation how far it got with pending answers, then Success', async () => {
    const answers = await dcmjsGet(() => undefined, 300);
    const pending = answers.filter((a) => a.status === 0xff00);
    expect(pending.length).toBeGreaterThan(0);
    for (const p of pending) expect(p.completed + p.remaining).toBe(sent.size);
    expect(answers.at(-1)).toEqual({ status: 0x0000, completed: sent.size, remaining: 0 });
  });

  it('audits each retrieval with the caller and the number of images', async () => {
    const rows = await database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dicom.get.study'), sql`${auditLog.detail}->>'callingAe' = ${WORKSTATION}`));
    // The whole study went twice (the first test, and after the refusals).
    expect(
      rows.filter((r) => (r.detail as { instances: number }).instances === sent.size).length,
    ).toBeGreaterThanOrEqual(2);
    const strangers = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(sql`${auditLog.detail}->>'callingAe' = 'MODALITY_CT'`);
    expect(strangers[0]!.n).toBe(0);
  });
});
