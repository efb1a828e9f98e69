/**
 * Per-AE character sets end to end (docs/decisions/io20–io22): dcmtk's storescu sends TIS-620 names without (0008,0005),
 * QIDO-RS and C-FIND show them in Thai; findscu (-S, -W) from an AE set to ISO_IR 166 gets TIS-620 bytes declared so.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import dicomParser from 'dicom-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditService } from '../../audit/audit.service';
import { exams } from '../../db/schema/index';
import { createExamState } from '../../modules/exams/exam-state';
import { createTestApp, type TestContext } from '../../test/test-app';
import { encodeTis620 } from '../parse/charset';
import { buildPart10Header } from '../parse/part10';
import { encodeElement } from '../testing/build-dicom';
import { buildInstance, testUid } from '../testing/build-dicom';
import { MWL_FIND_SOP_CLASS } from '../uids';
import { stowBody } from '../testing/multipart';
import { datasetOf } from './test/archive-fixture';
import { run } from './test/dcmtk';
import { startListener, type Harness } from './test/harness';
import { ModalityWorklist } from './mwl/worklist';
import { ArchiveFind } from './qr/archive-find';

/** A Thai name whose TIS-620 bytes start with E0 B7 BE (เทพ): valid UTF-8, so only the configured set reads it right. */
const THAI = 'เทพประสิทธิ์^สมชาย';

/** One C-FIND response as findscu -X wrote it: the raw bytes of a few attributes. */
interface RawAnswer {
  characterSet: string;
  raw(tag: string): Buffer;
}

function rawAnswers(dir: string): RawAnswer[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^rsp\d+\.dcm$/.test(f))
    .sort()
    .map((f) => {
      const bytes = fs.readFileSync(path.join(dir, f));
      const ds = dicomParser.parseDicom(new Uint8Array(bytes));
      const raw = (tag: string) => {
        const el = ds.elements[tag];
        return el ? Buffer.from(bytes.subarray(el.dataOffset, el.dataOffset + el.length)) : Buffer.alloc(0);
      };
      return { characterSet: raw('x00080005').toString('latin1').trim(), raw };
    });
}

const trimmed = (b: Buffer) => b.subarray(0, b.length - (b.at(-1) === 0x20 ? 1 : 0));

describe('per-AE character sets: assumed on C-STORE, written in C-FIND and worklist answers', () => {
  let sut: TestContext;
  let h: Harness;
  let dir: string;
  const pid = `CS-${Date.now().toString(36)}`;

  beforeAll(async () => {
    sut = await createTestApp({
      env: {
        DICOM_AE_ASSUMED_CHARACTER_SETS: 'CT_OLD=ISO_IR 166',
        DICOM_AE_ANSWER_CHARACTER_SETS: 'CT_OLD=ISO_IR 166, WS_OLD=ISO_IR 166',
      },
    });
    const db = sut.database.db;
    h = await startListener({
      archive: sut.services.archive,
      worklist: new ModalityWorklist(db, createExamState(db)),
      query: new ArchiveFind(db, new AuditService(db)),
      queryAeTitles: ['WS_OLD', 'WS_NEW'],
      characterSets: {
        assumed: sut.config.DICOM_AE_ASSUMED_CHARACTER_SETS,
        answers: sut.config.DICOM_AE_ANSWER_CHARACTER_SETS,
      },
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-charsets-'));
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await sut?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const storescu = async (callingAe: string, file: string) => {
    const r = await run('storescu', ['-aet', callingAe, '-aec', 'RANGSI', '127.0.0.1', String(h.listener.port), file]);
    expect(r.code, r.stderr).toBe(0);
  };
  const qidoName = async (studyUid: string) => {
    const res = await sut.app.inject({
      url: `/dicomweb/studies?StudyInstanceUID=${studyUid}`,
      headers: { cookie: await sut.login('admin'), accept: 'application/dicom+json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [study] = res.json<{ '00100010'?: { Value?: { Alphabetic?: string }[] } }[]>();
    return study?.['00100010']?.Value?.[0]?.Alphabetic;
  };
  const findscu = async (model: '-S' | '-W', callingAe: string, keys: string[], out: string, queryFile?: string) => {
    fs.mkdirSync(out, { recursive: true });
    const args = [model, '-X', '-od', out, '-aet', callingAe, '-aec', 'RANGSI'];
    for (const k of keys) args.push('-k', k);
    const r = await run('findscu', [...args, '127.0.0.1', String(h.listener.port), ...(queryFile ? [queryFile] : [])]);
    expect(r.code, r.stderr).toBe(0);
    return rawAnswers(out);
  };

  // Sent once by the AE configured for TIS-620 and once by one that is not: the same name, two studies.
  const sent = { old: testUid(), plain: testUid() };
  const bytesSent = new Map<string, { sopUid: string; bytes: Buffer }>();
  beforeAll(async () => {
    for (const [ae, studyUid] of [
      ['CT_OLD', sent.old],
      ['CT_NEW', sent.plain],
    ] as const) {
      const b = buildInstance({ studyUid, patientId: pid, patientName: encodeTis620(THAI), modality: 'CT' });
      const file = path.join(dir, `${ae}.dcm`);
      fs.writeFileSync(file, b.bytes);
      await storescu(ae, file);
      bytesSent.set(studyUid, { sopUid: b.sopUid, bytes: b.bytes });
    }
  }, 60_000);

  it('indexes a TIS-620 name sent without (0008,0005) by an AE assumed to use ISO_IR 166, keeping the bytes', async () => {
    expect(await qidoName(sent.old)).toBe(THAI);
    // Another AE's identical name is read as before (the UTF-8 guess): not the name.
    expect(await qidoName(sent.plain)).not.toBe(THAI);
    // The stored instance is the data set as received: no (0008,0005) added, the TIS-620 bytes untouched (D15).
    const { sopUid, bytes } = bytesSent.get(sent.old)!;
    const stream = await sut.services.archive.openInstance(sopUid);
    const chunks: Buffer[] = [];
    for await (const c of stream!) chunks.push(c as Buffer);
    expect(datasetOf(Buffer.concat(chunks)).equals(datasetOf(bytes))).toBe(true);
  });

  it('answers Study Root C-FIND in TIS-620 declared ISO_IR 166 to an AE set so, in UTF-8 to others', async () => {
    const keys = ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${sent.old}`, 'PatientName', 'PatientID'];
    const [tis] = await findscu('-S', 'WS_OLD', keys, path.join(dir, 'find-old'));
    expect(tis!.characterSet).toBe('ISO_IR 166');
    expect(trimmed(tis!.raw('x00100010')).equals(Buffer.from(encodeTis620(THAI)))).toBe(true);
    const [utf8] = await findscu('-S', 'WS_NEW', keys, path.join(dir, 'find-new'));
    expect(utf8!.characterSet).toBe('ISO_IR 192');
    expect(trimmed(utf8!.raw('x00100010')).toString('utf8')).toBe(THAI);
  });

  it('answers a name TIS-620 cannot hold in ISO_IR 192, declared so, and the other answers still in TIS-620', async () => {
    const mixed = 'Müller^Hans=มึลเลอร์^ฮันส์';
    const b = buildInstance({ charset: 'ISO_IR 192', patientId: pid, patientName: Buffer.from(mixed, 'utf8') });
    expect((await sut.services.archive.ingestBytes(b.bytes, { source: 'TEST' })).status).toBe('stored');
    const answers = await findscu(
      '-S',
      'WS_OLD',
      ['QueryRetrieveLevel=STUDY', `PatientID=${pid}`, 'StudyInstanceUID', 'PatientName'],
      path.join(dir, 'find-mixed'),
    );
    expect(answers).toHaveLength(3);
    const byStudy = new Map(answers.map((a) => [trimmed(a.raw('x0020000d')).toString('latin1').replace(/\0$/, ''), a]));
    const fallback = byStudy.get(b.studyUid)!;
    expect(fallback.characterSet).toBe('ISO_IR 192');
    expect(trimmed(fallback.raw('x00100010')).toString('utf8')).toBe(mixed);
    expect(byStudy.get(sent.old)!.characterSet).toBe('ISO_IR 166');
    // Two fell back: this one, and CT_NEW's study, whose name was read as Latin-1 (à, Ê … are not in TIS-620).
    expect(h.lines.some((l) => l.msg === 'C-FIND answered' && l.utf8Fallbacks === 2)).toBe(true);
  });

  it('answers the Modality Worklist in TIS-620 declared ISO_IR 166 to a modality set so (findscu -W)', async () => {
    const [exam] = await sut.database.db
      .select({ accession: exams.accessionNumber })
      .from(exams)
      .where(and(eq(exams.status, 'Scheduled'), isNull(exams.deletedAt), isNotNull(exams.accessionNumber)))
      .limit(1);
    const keys = [`AccessionNumber=${exam!.accession}`, 'PatientName'];
    const [utf8] = await findscu('-W', 'CT_NEW', keys, path.join(dir, 'mwl-new'));
    const [tis] = await findscu('-W', 'CT_OLD', keys, path.join(dir, 'mwl-old'));
    expect(utf8!.characterSet).toBe('ISO_IR 192');
    expect(tis!.characterSet).toBe('ISO_IR 166');
    const name = trimmed(utf8!.raw('x00100010')).toString('utf8');
    expect(name).toMatch(/[\u0e01-\u0e5b]/);
    expect(trimmed(tis!.raw('x00100010')).equals(Buffer.from(encodeTis620(name)))).toBe(true);
  });

  it('reads an undeclared TIS-620 worklist query from an AE assumed to use ISO_IR 166 as Thai', async () => {
    const [exam] = await sut.database.db
      .select({ accession: exams.accessionNumber, first: exams.firstName })
      .from(exams)
      .where(and(eq(exams.status, 'Scheduled'), isNull(exams.deletedAt), isNotNull(exams.accessionNumber)))
      .limit(1);
    expect(exam!.first).toMatch(/^[\u0e01-\u0e5b]{2,}$/);
    // No (0008,0005): what an old Thai modality sends.
    const query = Buffer.concat([
      encodeElement('00080050', 'SH', ''),
      encodeElement('00100010', 'PN', Buffer.concat([Buffer.from('*'), encodeTis620(exam!.first), Buffer.from('*')])),
    ]);
    const file = path.join(dir, 'undeclared-query.dcm');
    const header = {
      sopClassUid: MWL_FIND_SOP_CLASS,
      sopInstanceUid: '1.2.3',
      transferSyntaxUid: '1.2.840.10008.1.2.1',
    };
    fs.writeFileSync(file, Buffer.concat([buildPart10Header(header), query]));
    const accessions = (answers: RawAnswer[]) => answers.map((a) => trimmed(a.raw('x00080050')).toString('latin1'));
    expect(accessions(await findscu('-W', 'CT_OLD', [], path.join(dir, 'q-old'), file))).toContain(exam!.accession);
    expect(accessions(await findscu('-W', 'CT_NEW', [], path.join(dir, 'q-new'), file))).not.toContain(exam!.accession);
  });
});

describe('the server-wide assumed character set (DICOM_ASSUMED_CHARACTER_SET)', () => {
  let sut: TestContext;
  beforeAll(async () => {
    sut = await createTestApp({ env: { DICOM_ASSUMED_CHARACTER_SET: 'ISO_IR 166' } });
  }, 60_000);
  afterAll(async () => {
    await sut?.close();
  });

  it('reads an undeclared TIS-620 name sent by STOW-RS as Thai in QIDO-RS', async () => {
    const b = buildInstance({ patientId: `STOW-${Date.now().toString(36)}`, patientName: encodeTis620(THAI) });
    const { payload, contentType } = stowBody([b.bytes]);
    const cookie = await sut.login('admin');
    const stored = await sut.app.inject({
      method: 'POST',
      url: '/dicomweb/studies',
      payload,
      headers: { cookie, 'content-type': contentType, accept: 'application/dicom+json' },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const res = await sut.app.inject({
      url: `/dicomweb/studies?StudyInstanceUID=${b.studyUid}`,
      headers: { cookie, accept: 'application/dicom+json' },
    });
    expect(res.json<{ '00100010': { Value: { Alphabetic: string }[] } }[]>()[0]!['00100010'].Value[0]!.Alphabetic).toBe(
      THAI,
    );
  });
});
