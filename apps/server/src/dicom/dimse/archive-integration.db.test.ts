/**
 * The listener with the real archive (createArchive on a LocalFileStore and the test database): a modality's day —
 * worklist, images sent, linked to the scheduled exam, retrievable as received.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { dicomStudies, exams } from '../../db/schema/index';
import { LocalFileStore } from '../../storage/local-file-store';
import { openTestDatabase } from '../../test/test-app';
import { createArchive } from '../index';
import { ModalityWorklist } from './mwl/worklist';
import { buildPart10Header } from '../parse/part10';
import { corpusFiles, datasetBytes } from './test/corpus';
import { run } from './test/dcmtk';
import { findscuWorklist } from './test/findscu';
import { startListener, tempFiles, type Harness } from './test/harness';
import { RawScu } from './test/raw-scu';
import { TS } from '../uids';
import { createExamState } from '../../modules/exams/exam-state';

const CT = '1.2.840.10008.5.1.4.1.1.2';

function element(g: number, e: number, vr: string, v: string): Buffer {
  let value = Buffer.from(v, 'utf8');
  if (value.length % 2) value = Buffer.concat([value, Buffer.from([vr === 'UI' ? 0 : 0x20])]);
  const h = Buffer.alloc(8);
  h.writeUInt16LE(g, 0);
  h.writeUInt16LE(e, 2);
  h.write(vr, 4, 'latin1');
  h.writeUInt16LE(value.length, 6);
  return Buffer.concat([h, value]);
}

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('instance not found in the archive');
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

describe('DICOM listener with the real archive', () => {
  let database: DatabaseHandle;
  let h: Harness;
  let archive: ReturnType<typeof createArchive>;
  let dir: string;
  let store: LocalFileStore;

  beforeAll(async () => {
    database = await openTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-dimse-archive-'));
    store = new LocalFileStore(path.join(dir, 'files'));
    archive = createArchive(database.db, store, createExamState(database.db));
    h = await startListener({ archive, worklist: new ModalityWorklist(database.db, createExamState(database.db)) });
  }, 60_000);
  afterAll(async () => {
    await h.close();
    // The writer's thread makes spare files in the background: stopped first, or the folder fills while it goes.
    await store.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('worklist entry → images from storescu → stored, linked to the exam, retrievable byte for byte', async () => {
    const [exam] = await database.db
      .select({ id: exams.id, accession: exams.accessionNumber })
      .from(exams)
      .where(and(eq(exams.status, 'Scheduled'), isNull(exams.deletedAt), isNotNull(exams.accessionNumber)))
      .limit(1);
    const mwl = await findscuWorklist(h.listener.port, [
      'PatientID',
      'PatientName',
      'StudyInstanceUID',
      `AccessionNumber=${exam!.accession}`,
    ]);
    expect(mwl.answers).toHaveLength(1);
    const item = mwl.answers[0]!.top;
    const studyUid = item.get('0020,000d')!;
    const sopUid = `${studyUid.slice(0, 40)}.1.1`;
    // What a modality writes from the worklist entry (the Thai name in UTF-8 under ISO_IR 192).
    const data = Buffer.concat([
      element(0x0008, 0x0005, 'CS', 'ISO_IR 192'),
      element(0x0008, 0x0016, 'UI', CT),
      element(0x0008, 0x0018, 'UI', sopUid),
      element(0x0008, 0x0050, 'SH', exam!.accession!),
      element(0x0008, 0x0060, 'CS', 'CT'),
      element(0x0010, 0x0010, 'PN', item.get('0010,0010')!),
      element(0x0010, 0x0020, 'LO', item.get('0010,0020')!),
      element(0x0020, 0x000d, 'UI', studyUid),
      element(0x0020, 0x000e, 'UI', `${studyUid.slice(0, 40)}.1`),
      element(0x0020, 0x0013, 'IS', '1'),
    ]);
    const file = path.join(dir, 'from-worklist.dcm');
    fs.writeFileSync(
      file,
      Buffer.concat([
        buildPart10Header({ sopClassUid: CT, sopInstanceUid: sopUid, transferSyntaxUid: TS.explicitLE }),
        data,
      ]),
    );
    for (let i = 0; i < 2; i++) {
      // the second time is a duplicate: still Success
      const r = await run('storescu', ['-aec', 'RANGSI', '-aet', 'CT01', '127.0.0.1', String(h.listener.port), file]);
      expect(r.code, r.stderr).toBe(0);
    }
    const [study] = await database.db.select().from(dicomStudies).where(eq(dicomStudies.studyInstanceUid, studyUid));
    expect(study?.examId).toBe(exam!.id);
    expect(study?.numberOfInstances).toBe(1);
    expect(datasetBytes(await bytesOf(await archive.openInstance(sopUid)), false).equals(data)).toBe(true);

    // Corpus files of several syntaxes, deflate included, and a broken one.
    // (Files storescu sends unchanged: it re-encodes some, e.g. drops group lengths; the listener tests cover those.)
    const propose: Record<string, string> = {
      [TS.implicitLE]: '-xi',
      [TS.deflate]: '-xd',
      [TS.rle]: '-xr',
      [TS.jpeg2000Lossless]: '-xv',
      [TS.jpegBaseline]: '-xy',
    };
    const corpus = corpusFiles().filter((f) =>
      ['image_dfl.dcm', 'rtplan.dcm', 'SC_rgb_rle.dcm', 'GDCMJ2K_TextGBR.dcm', 'SC_rgb_jpeg_dcmtk.dcm'].includes(
        f.name,
      ),
    );
    for (const f of corpus) {
      const option = propose[f.transferSyntaxUid!];
      const r = await run('storescu', [
        '-aec',
        'RANGSI',
        ...(option ? [option] : []),
        '127.0.0.1',
        String(h.listener.port),
        f.file,
      ]);
      expect(r.code, `${f.name}: ${r.stderr}`).toBe(0);
      const deflate = f.transferSyntaxUid === TS.deflate;
      const stored = datasetBytes(await bytesOf(await archive.openInstance(f.sopInstanceUid!)), deflate);
      expect(stored.equals(datasetBytes(fs.readFileSync(f.file), deflate)), f.name).toBe(true);
    }
    const broken = corpusFiles().find((f) => f.name === 'rtplan_truncated.dcm')!;
    const scu = await RawScu.connect(h.listener.port);
    await scu.associate('RAWSCU', 'RANGSI', [
      { id: 1, abstractSyntax: broken.sopClassUid!, transferSyntaxes: [broken.transferSyntaxUid!] },
    ]);
    const rsp = await scu.store(
      1,
      broken.sopClassUid!,
      broken.sopInstanceUid!,
      datasetBytes(fs.readFileSync(broken.file), false),
    );
    await scu.release();
    expect(rsp?.status).not.toBe(0);
    expect(await archive.openInstance(broken.sopInstanceUid!)).toBeNull();
    expect(tempFiles(h)).toEqual([]);
  }, 60_000);
});
