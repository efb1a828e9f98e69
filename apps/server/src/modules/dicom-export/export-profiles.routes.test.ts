import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import dicomParser from 'dicom-parser';
import { exams, users } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/test-app';
import { buildInstance, copyTemp, encodeElement, writeTemp } from '../../dicom/testing/build-dicom';
import { corpusPath, undecodableJ2k, withFreshUids } from '../../dicom/testing/corpus';
import { dcmdumpDicomdir, pydicomFileSet, recordKey, walkDicomdir, type DumpedRecord } from './testing/read-dicomdir';
import { unzip, writeEntries } from './testing/read-zip';

const exec = promisify(execFile);

/**
 * What dcmdump prints for an attribute of a file: the text between brackets ('' when empty), null when absent. A path
 * ('0040,A043.0008,0100') names an attribute inside the first item of a sequence.
 */
async function fileValue(file: string, tagPath: string): Promise<string | null> {
  const tags = tagPath.toLowerCase().split('.');
  const { stdout } = await exec('dcmdump', ['-Un', '+p', '+P', tags.at(-1)!, file]);
  const prefix = tags.map((t) => `(${t})`).join('.');
  const line = stdout.split('\n').find((l) => l.startsWith(`${prefix} `));
  if (!line) return null;
  return /\[([^\]]*)\]/.exec(line)?.[1] ?? '';
}

const PIXEL_DATA = 'x7fe00010';
const pixels = (bytes: Buffer) => {
  const ds = dicomParser.parseDicom(new Uint8Array(bytes));
  const el = ds.elements[PIXEL_DATA]!;
  return Buffer.from(bytes.subarray(el.dataOffset, el.dataOffset + el.length));
};

/** One item of a sequence, explicit VR little endian with an explicit length. */
const item = (...elements: Buffer[]) => {
  const body = Buffer.concat(elements);
  const head = Buffer.alloc(8);
  head.writeUInt16LE(0xfffe, 0);
  head.writeUInt16LE(0xe000, 2);
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
};

/** A grayscale softcopy presentation state of CT_small's image, as a workstation saves one. */
function presentationOfCtSmall(): { bytes: Buffer; sopUid: string; seriesUid: string; imageUid: string } {
  const ct = dicomParser.parseDicom(new Uint8Array(fs.readFileSync(corpusPath('CT_small.dcm'))), {
    untilTag: 'x7fe00010',
  });
  const seriesUid = ct.string('x0020000e')!;
  const imageUid = ct.string('x00080018')!;
  const built = buildInstance({
    studyUid: ct.string('x0020000d')!,
    sopClassUid: '1.2.840.10008.5.1.4.1.1.11.1',
    modality: 'PR',
    noPixels: true,
    extra: {
      '00700080': ['CS', 'KEY VIEW'],
      '00700081': ['LO', 'Window for the liver'],
      '00700084': ['PN', 'Reader^One'],
      '00700082': ['DA', '20250103'],
      '00700083': ['TM', '091500'],
      '00081115': [
        'SQ',
        item(
          encodeElement(
            '00081140',
            'SQ',
            item(
              encodeElement('00081150', 'UI', '1.2.840.10008.5.1.4.1.1.2'),
              encodeElement('00081155', 'UI', imageUid),
            ),
          ),
          encodeElement('0020000E', 'UI', seriesUid),
        ),
      ],
    },
  });
  return { bytes: built.bytes, sopUid: built.sopUid, seriesUid, imageUid };
}

// Issue 27 item 9: SR, RT DOSE, RT PLAN and WAVEFORM records lacked their Type 1 keys, and there was no export a
// general-purpose CD (STD-GEN-CD) takes: every file explicit VR little endian.
describe('DICOM export profiles: ?profile=as-stored (default) and ?profile=STD-GEN-CD', () => {
  let sut: TestContext;
  let exam: typeof exams.$inferSelect;
  let bare: typeof exams.$inferSelect;
  let work: string;
  const cookie: { staff?: string } = {};
  const undecodable = undecodableJ2k();
  const presentation = presentationOfCtSmall();
  const undecodableUid = dicomParser
    .parseDicom(new Uint8Array(undecodable), { untilTag: 'x00080018' })
    .string('x00080018')!;
  const get = async (url: string) =>
    sut.app.inject({ url, headers: { cookie: (cookie.staff ??= await sut.login('staff')) } });
  const ready = async (examId: string, profile?: string) => {
    const query = profile ? `?profile=${profile}` : '';
    const res = await vi.waitFor(
      async () => {
        const answer = await get(`/dicom/export/${examId}/check${query}`);
        if (answer.statusCode === 200 && !answer.json().data) throw new Error(`still preparing: ${answer.body}`);
        return answer;
      },
      { timeout: 60_000, interval: 50 },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      url: string;
      fileName: string;
      profile: string;
      instanceCount: number;
      leftOutCount: number;
    };
  };
  /** The export downloaded and unpacked: its folder, its entries, and the DICOMDIR as dcmdump reads it. */
  const unpacked = async (examId: string, profile?: string) => {
    const data = await ready(examId, profile);
    const res = await get(data.url);
    expect(res.statusCode, res.body).toBe(200);
    const entries = await unzip(res.rawPayload);
    const dir = fs.mkdtempSync(path.join(work, 'disc-'));
    writeEntries(entries, dir);
    const dump = await dcmdumpDicomdir(path.join(dir, 'DICOMDIR'));
    return { data, entries, dir, dump, leaves: walkDicomdir(dump), headers: res.headers };
  };
  const bySop = (leaves: DumpedRecord[], file: string) => async () => {
    const sop = await fileValue(corpusPath(file), '0008,0018');
    const leaf = leaves.find((l) => l.sopInstanceUid === sop);
    if (!leaf) throw new Error(`no record for ${file}`);
    return leaf;
  };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-export-profiles-'));
    sut = await createTestApp();
    const [staff] = await sut.database.db.select().from(users).where(eq(users.username, 'staff'));
    [exam, bare] = (await sut.database.db
      .select()
      .from(exams)
      .where(
        and(
          eq(exams.branchId, staff!.branchId!),
          eq(exams.hasImage, false),
          isNull(exams.deletedAt),
          sql`${exams.accessionNumber} is not null`,
        ),
      )
      .limit(2)) as [typeof exams.$inferSelect, typeof exams.$inferSelect];
    const ingest = async (file: string, examId = exam.id) => {
      const r = await sut.services.archive.ingestFile(file, { source: 'TEST', examId });
      expect(r.status, file).toBe('stored');
    };
    // The corpus's SR (one partial and unverified, one complete and verified), RT DOSE, RT PLAN (both implicit VR),
    // ECG waveform, and images in every syntax the server decodes, plus one whose codestream no codec reads.
    for (const f of [
      'reportsi.dcm',
      'test-SR.dcm',
      'rtdose.dcm',
      'rtplan.dcm',
      'waveform_ecg.dcm',
      'MR_small_RLE.dcm',
      'JPEG2000.dcm',
      'SC_rgb_jpeg_dcmtk.dcm',
      'ExplVR_BigEnd.dcm',
      'image_dfl.dcm',
      'CT_small.dcm',
      'liver_1frame.dcm',
    ])
      await ingest(copyTemp(corpusPath(f)));
    // MR_small again, in JPEG-LS: under fresh UIDs, as it shares the RLE copy's.
    await ingest(writeTemp(withFreshUids(fs.readFileSync(corpusPath('MR_small_jpeg_ls_lossless.dcm')))));
    await ingest(writeTemp(presentation.bytes));
    await ingest(writeTemp(undecodable));
    await ingest(writeTemp(undecodableJ2k()), bare.id);
  });
  afterAll(async () => {
    await sut.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('gives SR, RT DOSE, RT PLAN and WAVEFORM records their Type 1 keys, with the values the files hold', async () => {
    const { leaves, dir } = await unpacked(exam.id);
    const sr = await bySop(leaves, 'reportsi.dcm')();
    const verified = await bySop(leaves, 'test-SR.dcm')();
    for (const [leaf, file] of [
      [sr, 'reportsi.dcm'],
      [verified, 'test-SR.dcm'],
    ] as const) {
      expect(leaf.type).toBe('SR DOCUMENT');
      for (const tag of ['0040,A491', '0040,A493', '0008,0023', '0008,0033'])
        expect(recordKey(leaf, tag), `${file} ${tag}`).toBe(await fileValue(corpusPath(file), tag));
      // The document title: Concept Name Code Sequence with the root content item's code.
      expect(leaf.lines.some((l) => l.includes('(0040,a043) SQ'))).toBe(true);
      expect(recordKey(leaf, '0008,0100')).toBe(await fileValue(corpusPath(file), '0040,A043.0008,0100'));
      expect(recordKey(leaf, '0008,0104')).toBe(await fileValue(corpusPath(file), '0040,A043.0008,0104'));
    }
    expect(recordKey(sr, '0040,A491')).toBe('PARTIAL');
    expect(recordKey(verified, '0040,A493')).toBe('VERIFIED');
    // Verified: Verification DateTime (Type 1C), the verifying observer's.
    expect(recordKey(verified, '0040,A030')).toBe(await fileValue(corpusPath('test-SR.dcm'), '0040,A073.0040,A030'));

    const dose = await bySop(leaves, 'rtdose.dcm')();
    expect(dose.type).toBe('RT DOSE');
    expect(recordKey(dose, '3004,000A')).toBe(await fileValue(corpusPath('rtdose.dcm'), '3004,000A'));
    const plan = await bySop(leaves, 'rtplan.dcm')();
    expect(plan.type).toBe('RT PLAN');
    for (const tag of ['300A,0002', '300A,0006', '300A,0007'])
      expect(recordKey(plan, tag), tag).toBe(await fileValue(corpusPath('rtplan.dcm'), tag));
    const ecg = await bySop(leaves, 'waveform_ecg.dcm')();
    expect(ecg.type).toBe('WAVEFORM');
    for (const tag of ['0008,0023', '0008,0033'])
      expect(recordKey(ecg, tag), tag).toBe(await fileValue(corpusPath('waveform_ecg.dcm'), tag));
    for (const leaf of [sr, verified, dose, plan, ecg]) expect(recordKey(leaf, '0020,0013')).toMatch(/^\d+$/);

    // dicom3tools' dciodvfy checks the Basic Directory IOD, record by record: no error.
    const { stderr } = await exec('dciodvfy', [path.join(dir, 'DICOMDIR')]).catch((e: { stderr: string }) => e);
    expect(
      stderr.split('\n').filter((l) => l.startsWith('Error')),
      stderr,
    ).toEqual([]);
  });

  it("gives a presentation state's record its label, creation date and time and the images it applies to; a segmentation is an IMAGE", async () => {
    const { leaves } = await unpacked(exam.id);
    const pr = leaves.find((l) => l.sopInstanceUid === presentation.sopUid)!;
    expect(pr.type).toBe('PRESENTATION');
    expect(recordKey(pr, '0070,0080')).toBe('KEY VIEW');
    expect(recordKey(pr, '0070,0081')).toBe('Window for the liver');
    expect(recordKey(pr, '0070,0084')).toBe('Reader^One');
    expect([recordKey(pr, '0070,0082'), recordKey(pr, '0070,0083')]).toEqual(['20250103', '091500']);
    expect(recordKey(pr, '0020,000E')).toBe(presentation.seriesUid);
    expect(recordKey(pr, '0008,1155')).toBe(presentation.imageUid);
    expect((await bySop(leaves, 'liver_1frame.dcm')()).type).toBe('IMAGE');
  });

  it('as stored by default: every file byte for byte, whatever its syntax', async () => {
    const { data, leaves } = await unpacked(exam.id);
    expect(data).toMatchObject({ profile: 'as-stored', leftOutCount: 0, instanceCount: leaves.length });
    expect(leaves.map((l) => l.transferSyntax)).toEqual(
      expect.arrayContaining(['=LittleEndianImplicit', '=RLELossless', '=JPEG2000', '=DeflatedLittleEndianExplicit']),
    );
    expect(leaves.some((l) => l.sopInstanceUid === undecodableUid)).toBe(true);
  });

  it('STD-GEN-CD: every file explicit VR little endian, decoded pixels equal to the uncompressed original, what cannot be decoded left out and named in the README', async () => {
    const { data, entries, dir, dump, leaves, headers } = await unpacked(exam.id, 'STD-GEN-CD');
    expect(data.profile).toBe('STD-GEN-CD');
    expect(data.fileName).toMatch(/-STD-GEN-CD\.zip$/);
    expect(headers['content-disposition']).toBe(`attachment; filename="${data.fileName}"`);
    expect(data.leftOutCount).toBe(1);
    expect(data.instanceCount).toBe(leaves.length);
    expect(leaves.some((l) => l.sopInstanceUid === undecodableUid)).toBe(false);
    expect(new Set(leaves.map((l) => l.transferSyntax))).toEqual(new Set(['=LittleEndianExplicit']));
    for (const leaf of leaves) {
      const file = path.join(dir, ...leaf.fileId!.split('\\'));
      expect(await fileValue(file, '0002,0010'), leaf.fileId!).toBe('1.2.840.10008.1.2.1');
      expect(await fileValue(file, '0008,0018')).toBe(leaf.sopInstanceUid);
    }
    // RLE decoded is MR_small's pixel data, sample for sample.
    const rle = await bySop(leaves, 'MR_small_RLE.dcm')();
    expect(
      pixels(entries.get(rle.fileId!.replaceAll('\\', '/'))!).equals(
        pixels(fs.readFileSync(corpusPath('MR_small.dcm'))),
      ),
    ).toBe(true);
    // The SR keys survive the profile too.
    expect(recordKey(await bySop(leaves, 'test-SR.dcm')(), '0040,A493')).toBe('VERIFIED');

    // The README is the file set's descriptor, named in the DICOMDIR, and says which instance is missing and why.
    expect(dump.text).toContain('(0004,1141) CS [README]');
    expect(dump.text).toContain('(0004,1142) CS [ISO_IR 192]');
    const readme = entries.get('README')!.toString('utf8');
    expect(readme).toContain('STD-GEN-CD');
    expect(readme).toContain(undecodableUid);
    expect(readme).toContain('ถอดรหัสข้อมูลภาพไม่สำเร็จ');

    // pydicom's FileSet (warnings as errors) reads the disc, descriptor and all, and reaches every instance.
    expect((await pydicomFileSet(dir)).map((i) => i.sopInstanceUid).sort()).toEqual(
      leaves.map((l) => l.sopInstanceUid).sort(),
    );

    // dcmtk's dcmmkdir, in its STD-GEN-CD profile (it refuses any file not explicit VR little endian), takes every file.
    const files = leaves.map((l) => l.fileId!.replaceAll('\\', '/'));
    const made = await exec('dcmmkdir', ['--general-purpose', '+I', '-w', '+id', dir, ...files]).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect('code' in made ? made.code : 0, 'stderr' in made ? made.stderr : '').toBe(0);
    expect('stderr' in made ? made.stderr : '').not.toMatch(/^E:|cannot be added/m);
  });

  it('keeps the profiles apart, refuses an unknown profile with a 400, and a disc with nothing convertible with the reason', async () => {
    const stored = await ready(exam.id, 'as-stored');
    const cd = await ready(exam.id, 'STD-GEN-CD');
    expect(stored.fileName).not.toBe(cd.fileName);
    expect((await get(stored.url)).statusCode).toBe(200);
    expect((await get(cd.url)).statusCode).toBe(200);
    for (const bad of ['STD-GEN-DVD', 'gen-cd', '']) {
      const res = await get(`/dicom/export/${exam.id}/check?profile=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().success).toBe(false);
      expect((await get(`/dicom/export/${exam.id}?profile=${bad}`)).statusCode, bad).toBe(400);
    }
    // Authenticate, then validate: no session is a 401 whatever the profile says.
    expect((await sut.app.inject({ url: `/dicom/export/${exam.id}/check?profile=STD-GEN-DVD` })).statusCode).toBe(401);
    // The other exam holds only an image no codec reads: as stored it goes, on a STD-GEN-CD it cannot.
    expect((await ready(bare.id)).instanceCount).toBe(1);
    const refused = await vi.waitFor(
      async () => {
        const res = await get(`/dicom/export/${bare.id}/check?profile=STD-GEN-CD`);
        if (res.statusCode === 200) throw new Error(`still preparing: ${res.body}`);
        return res;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('STD-GEN-CD');
  });
});
