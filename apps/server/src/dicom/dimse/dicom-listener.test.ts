import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN, corpusFiles, datasetBytes, type CorpusFile } from './test/corpus';
import { echoscu, run, storescuProfile, storeResults } from './test/dcmtk';
import { startListener, tempFiles, until, type Harness } from './test/harness';
import { ReferenceScp } from './test/oracle';
import { abortPdu, RawScu } from './test/raw-scu';
import { Status, TS } from '../uids';

const CT = '1.2.840.10008.5.1.4.1.1.2';
const MR = '1.2.840.10008.5.1.4.1.1.4';
const files = corpusFiles();
const byName = new Map(files.map((f) => [f.name, f]));
const corpus = (name: string): CorpusFile => byName.get(name)!;

/** What the listener stored for the n-th archive call: the data set part (inflated for deflate). */
function storedDataset(h: Harness, index: number, inflate = false): Buffer {
  return datasetBytes(fs.readFileSync(h.archive.calls[index]!.path), inflate);
}

/** A small explicit VR little endian data set with the given top-level elements (tags ascending). */
function dataset(elements: El[]): Buffer {
  const parts: Buffer[] = [];
  for (const [g, e, vr, v] of elements) {
    let value = typeof v === 'string' ? Buffer.from(v, 'latin1') : v;
    if (value.length % 2) value = Buffer.concat([value, Buffer.from([vr === 'UI' ? 0 : 0x20])]);
    const long = ['OB', 'OW', 'SQ', 'UN', 'UT'].includes(vr);
    const h = Buffer.alloc(long ? 12 : 8);
    h.writeUInt16LE(g, 0);
    h.writeUInt16LE(e, 2);
    h.write(vr, 4, 'latin1');
    if (long) h.writeUInt32LE(value.length, 8);
    else h.writeUInt16LE(value.length, 6);
    parts.push(h, value);
  }
  return Buffer.concat(parts);
}

type El = [number, number, string, Buffer | string];
function minimalInstance(sopClass: string, sopInstance: string, extra: El[] = []): Buffer {
  const elements: El[] = [
    [0x0008, 0x0016, 'UI', sopClass],
    [0x0008, 0x0018, 'UI', sopInstance],
    [0x0010, 0x0010, 'PN', 'Test^Patient'],
    [0x0020, 0x000d, 'UI', '1.2.826.0.1.3680043.2.1125.1.1'],
    [0x0020, 0x000e, 'UI', '1.2.826.0.1.3680043.2.1125.1.2'],
    ...extra,
  ];
  return dataset(elements.sort((a, b) => a[0] - b[0] || a[1] - b[1]));
}

async function rawStore(h: Harness, sopClass: string, ts: string, sopInstance: string, data: Buffer, chunk?: number) {
  const scu = await RawScu.connect(h.listener.port);
  const a = await scu.associate('RAWSCU', 'RANGSI', [{ id: 1, abstractSyntax: sopClass, transferSyntaxes: [ts] }]);
  if (a.kind !== 'accept' || a.contexts.get(1)?.result !== 0) throw new Error(`not accepted: ${JSON.stringify(a)}`);
  const rsp = await scu.store(1, sopClass, sopInstance, data, { chunk });
  await scu.release().catch(() => undefined);
  return rsp;
}

describe('DICOM listener with real dcmtk peers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startListener();
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers C-ECHO from echoscu', async () => {
    const r = await echoscu(h.listener.port);
    expect(r.code, r.stderr).toBe(0);
  });

  it('rejects a wrong called AE title (called-AE-title-not-recognized)', async () => {
    const r = await run('echoscu', ['-aec', 'SOMEONE_ELSE', '127.0.0.1', String(h.listener.port)]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/Called AE Title Not Recognized/i);
    const scu = await RawScu.connect(h.listener.port);
    const a = await scu.associate('RAWSCU', 'SOMEONE_ELSE', [
      { id: 1, abstractSyntax: '1.2.840.10008.1.1', transferSyntaxes: [TS.implicitLE] },
    ]);
    expect(a).toEqual({ kind: 'reject', result: 1, source: 1, reason: 7 });
    scu.destroy();
  });

  it('stores the pydicom corpus sent by storescu (one context per syntax), as sent; broken files never Success', async () => {
    const ref = await ReferenceScp.start(path.join(h.dir, 'reference'));
    try {
      const list = files.map((f) => f.file);
      const sopFiles = files.filter((f) => f.sopClassUid);
      const plain = storescuProfile(h.dir, sopFiles, { unsupportedFirst: false, name: 'plain.cfg' });
      const refRun = await run('storescu', [
        '-v',
        '-aec',
        'REFERENCE',
        '-nh',
        '-xf',
        plain,
        'Corpus',
        '127.0.0.1',
        String(ref.port),
        ...list,
      ]);
      const refResults = storeResults(refRun.stdout + refRun.stderr);

      const profile = storescuProfile(h.dir, sopFiles);
      const before = h.archive.calls.length;
      const r = await run('storescu', [
        '-v',
        '-aec',
        'RANGSI',
        '-nh',
        '-xf',
        profile,
        'Corpus',
        '127.0.0.1',
        String(h.listener.port),
        ...list,
      ]);
      const results = storeResults(r.stdout + r.stderr);

      const sentOk = [...results].filter(([, s]) => s === 'success').map(([n]) => n);
      const refOk = [...refResults].filter(([, s]) => s === 'success').map(([n]) => n);
      const refFiles = ref.files();
      // Every file dcmtk's own SCP took, we took — except the deliberately broken ones, which we refuse.
      expect(sentOk).toEqual(refOk.filter((n) => !BROKEN.has(n) || n === 'JPEG2000-embedded-sequence-delimiter.dcm'));
      expect(sentOk.length).toBeGreaterThanOrEqual(50);
      for (const name of results.keys()) {
        if (BROKEN.has(name) && name !== 'JPEG2000-embedded-sequence-delimiter.dcm')
          expect(results.get(name), name).not.toBe('success');
      }
      // Byte for byte what storescu sent (as dcmtk's bit-preserving SCP wrote it down).
      let call = before;
      for (const [name, status] of results) {
        if (status !== 'success') continue;
        const refIndex = refOk.indexOf(name);
        const deflate = corpus(name).transferSyntaxUid === TS.deflate;
        const got = storedDataset(h, call++, deflate);
        const want = datasetBytes(fs.readFileSync(refFiles[refIndex]!), deflate);
        expect(got.equals(want), `${name}: stored data set differs from what storescu sent`).toBe(true);
        // Most files travel unchanged; those dcmtk re-encodes (group lengths, odd lengths) are covered by the raw test.
      }
      expect(tempFiles(h)).toEqual([]);
    } finally {
      ref.stop();
    }
  }, 60_000);

  it('stores every corpus data set sent verbatim byte-identical to the original file; broken ones refused', async () => {
    const scu = await RawScu.connect(h.listener.port);
    const sendable = files.filter((f) => f.transferSyntaxUid && f.sopClassUid && f.sopInstanceUid);
    const syntaxes = [...new Set(sendable.map((f) => `${f.sopClassUid}|${f.transferSyntaxUid}`))];
    const contexts = syntaxes.map((k, i) => ({
      id: 2 * i + 1,
      abstractSyntax: k.split('|')[0]!,
      transferSyntaxes: [k.split('|')[1]!],
    }));
    const a = await scu.associate('RAWSCU', 'RANGSI', contexts);
    expect(a.kind).toBe('accept');
    const outcomes: Record<string, string> = {};
    let id = 1;
    for (const f of sendable) {
      const pc = contexts[syntaxes.indexOf(`${f.sopClassUid}|${f.transferSyntaxUid}`)]!.id;
      const before = h.archive.calls.length;
      const original = fs.readFileSync(f.file);
      const data = datasetBytes(original, false);
      const rsp = await scu.store(pc, f.sopClassUid!, f.sopInstanceUid!, data, { messageId: id++, chunk: 7777 });
      expect(rsp, f.name).not.toBeNull();
      outcomes[f.name] = rsp!.status === 0 ? 'success' : `0x${rsp!.status.toString(16)} ${rsp!.errorComment}`;
      if (rsp!.status === 0) {
        expect(storedDataset(h, before).equals(data), `${f.name} differs from the original data set`).toBe(true);
      }
    }
    await scu.release();
    for (const f of sendable) {
      if (BROKEN.has(f.name) && f.name !== 'JPEG2000-embedded-sequence-delimiter.dcm')
        expect(outcomes[f.name], f.name).not.toBe('success');
    }
    const ok = Object.values(outcomes).filter((o) => o === 'success').length;
    expect(ok).toBeGreaterThanOrEqual(55);
    expect(outcomes['MR_truncated.dcm']).toMatch(/^0xc000 .*truncated/);
    expect(outcomes['rtplan_truncated.dcm']).toMatch(/^0xc000 .*truncated/);
    expect(outcomes['SC_rgb_jpeg.dcm']).toMatch(/^0xc000 .*invalid VR/);
    expect(outcomes['badVR.dcm']).toMatch(/^0xc000 .*NumberOfFrames/);
    expect(tempFiles(h)).toEqual([]);
  }, 60_000);
});

describe('bad input: the listener refuses, drops the offender and keeps serving', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startListener({ maxInstanceBytes: 2 * 1024 * 1024 });
  });
  afterAll(async () => {
    await h.close();
  });

  it('an association aborted mid-transfer leaves no temp file, and the next file is stored', async () => {
    const ct = corpus('CT_small.dcm');
    const data = datasetBytes(fs.readFileSync(ct.file), false);
    const big = Buffer.concat([data, Buffer.alloc(1_300_000)]);
    for (const ending of ['A-ABORT', 'TCP reset'] as const) {
      const scu = await RawScu.connect(h.listener.port);
      await scu.associate('RAWSCU', 'RANGSI', [{ id: 1, abstractSyntax: CT, transferSyntaxes: [TS.explicitLE] }]);
      const { cStoreRq, pdata } = await import('./test/raw-scu');
      await scu.write(pdata(1, cStoreRq(1, CT, ct.sopInstanceUid!), true, true));
      // Past the first MiB the receiver keeps in memory: a partial file is on disk when the association ends.
      for (let off = 0; off < 1_200_000; off += 16_000)
        await scu.write(pdata(1, big.subarray(off, off + 16_000), false, false));
      await until(() => tempFiles(h).length === 1);
      if (ending === 'A-ABORT') await scu.write(abortPdu());
      else scu.socket.resetAndDestroy();
      await until(() => tempFiles(h).length === 0);
      scu.destroy();
    }
    const calls = h.archive.calls.length;
    const r = await run('storescu', ['-aec', 'RANGSI', '127.0.0.1', String(h.listener.port), ct.file]);
    expect(r.code, r.stderr).toBe(0);
    expect(h.archive.calls.length).toBe(calls + 1);
  });

  it('garbage bytes, a PDU claiming 4 GB and a second association request drop only that connection', async () => {
    const ongoing = await RawScu.connect(h.listener.port);
    await ongoing.associate('RAWSCU', 'RANGSI', [{ id: 1, abstractSyntax: CT, transferSyntaxes: [TS.explicitLE] }]);
    const ct = corpus('CT_small.dcm');
    const data = datasetBytes(fs.readFileSync(ct.file), false);
    expect((await ongoing.store(1, CT, ct.sopInstanceUid!, data))?.status).toBe(0);

    const attacks: Buffer[] = [
      Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'),
      Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
      Buffer.from([0x01, 0x00, 0xff, 0xff, 0xff, 0xf0, 0x00]),
    ];
    for (const bytes of attacks) {
      const s = await RawScu.connect(h.listener.port);
      await s.write(bytes);
      await until(() => s.closed);
    }
    const huge = await RawScu.connect(h.listener.port);
    await huge.associate('RAWSCU', 'RANGSI', [{ id: 1, abstractSyntax: CT, transferSyntaxes: [TS.explicitLE] }]);
    await huge.write(Buffer.from([0x04, 0x00, 0xff, 0xff, 0xff, 0xf0, 0, 0, 0, 0]));
    await until(() => huge.closed);
    const twice = await RawScu.connect(h.listener.port);
    await twice.associate('RAWSCU', 'RANGSI', [{ id: 1, abstractSyntax: CT, transferSyntaxes: [TS.explicitLE] }]);
    const { associateRq } = await import('./test/raw-scu');
    await twice.write(
      associateRq('RAWSCU', 'RANGSI', [{ id: 1, abstractSyntax: CT, transferSyntaxes: [TS.explicitLE] }]),
    );
    await until(() => twice.closed);

    expect((await ongoing.store(1, CT, ct.sopInstanceUid!, data, { messageId: 2 }))?.status).toBe(0);
    await ongoing.release();
    expect(h.lines.some((l) => l.msg === 'DICOM connection dropped')).toBe(true);
  });

  it('an endless data set is cut at the size limit (association aborted), others unaffected', async () => {
    const other = await RawScu.connect(h.listener.port);
    await other.associate('RAWSCU', 'RANGSI', [
      { id: 1, abstractSyntax: '1.2.840.10008.1.1', transferSyntaxes: [TS.implicitLE] },
    ]);
    const endless = await RawScu.connect(h.listener.port);
    await endless.associate('RAWSCU', 'RANGSI', [{ id: 1, abstractSyntax: CT, transferSyntaxes: [TS.explicitLE] }]);
    let sent = 0;
    async function* forever() {
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      while (sent < 64 * 1024 * 1024) {
        sent += chunk.length;
        yield chunk;
      }
    }
    const rsp = await endless.store(1, CT, '1.2.3.4.5', forever());
    expect(rsp).toBeNull(); // aborted, never answered Success
    expect(sent).toBeLessThan(16 * 1024 * 1024);
    await until(() => tempFiles(h).length === 0);
    const { cEchoRq, pdata } = await import('./test/raw-scu');
    await other.write(pdata(1, cEchoRq(9), true, true));
    expect((await other.response())?.status).toBe(0);
    await other.release();
    expect(h.lines.some((l) => l.msg === 'DICOM instance over the size limit: association aborted')).toBe(true);
  });

  it('a data set of another SOP class than its command or context is refused', async () => {
    const mr = corpus('MR_small.dcm');
    const data = datasetBytes(fs.readFileSync(mr.file), false);
    // Command says CT on a CT context, the data set is an MR image.
    expect(await rawStore(h, CT, TS.explicitLE, mr.sopInstanceUid!, data)).toMatchObject({
      status: Status.DataSetMismatch,
    });
    // Command says MR on a CT context.
    const scu = await RawScu.connect(h.listener.port);
    await scu.associate('RAWSCU', 'RANGSI', [{ id: 1, abstractSyntax: CT, transferSyntaxes: [TS.explicitLE] }]);
    expect(await scu.store(1, MR, mr.sopInstanceUid!, data)).toMatchObject({ status: Status.SopClassNotSupported });
    await scu.release();
    expect(tempFiles(h)).toEqual([]);
  });

  it("maps the archive's refusals and failures to failure statuses, never Success", async () => {
    const data = minimalInstance(CT, '1.2.3.4.100');
    const cases = [
      ['too-large', Status.OutOfResources],
      ['missing-uid', Status.DataSetMismatch],
      ['unsupported-sop-class', Status.DataSetMismatch],
      ['not-dicom', Status.CannotUnderstand],
      ['truncated', Status.CannotUnderstand],
      ['error', Status.OutOfResources],
    ] as const;
    try {
      for (const [code, status] of cases) {
        h.archive.answer = () => ({ status: 'refused', code, reason: `refused: ${code}` });
        expect(await rawStore(h, CT, TS.explicitLE, '1.2.3.4.100', data)).toMatchObject({
          status,
          errorComment: `refused: ${code}`,
        });
      }
      h.archive.answer = () => {
        throw new Error('database down');
      };
      expect(await rawStore(h, CT, TS.explicitLE, '1.2.3.4.100', data)).toMatchObject({
        status: Status.OutOfResources,
      });
      h.archive.answer = () => ({
        status: 'duplicate',
        sopInstanceUid: '1.2.3.4.100',
        studyInstanceUid: '1',
        examId: null,
      });
      expect(await rawStore(h, CT, TS.explicitLE, '1.2.3.4.100', data)).toMatchObject({ status: Status.Success });
    } finally {
      h.archive.answer = null;
    }
  });

  it('rejects calling AE titles outside the allow-list (calling-AE-title-not-recognized)', async () => {
    const strict = await startListener({ allowedCallingAeTitles: ['CT01', 'MR01'] });
    try {
      expect((await echoscu(strict.listener.port, ['-aet', 'CT01'])).code).toBe(0);
      const r = await echoscu(strict.listener.port, ['-aet', 'STRANGER']);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(/Calling AE Title Not Recognized/i);
      const scu = await RawScu.connect(strict.listener.port);
      const a = await scu.associate('STRANGER', 'RANGSI', [
        { id: 1, abstractSyntax: '1.2.840.10008.1.1', transferSyntaxes: [TS.implicitLE] },
      ]);
      expect(a).toEqual({ kind: 'reject', result: 1, source: 1, reason: 3 });
      scu.destroy();
    } finally {
      await strict.close();
    }
  });
});

describe('DICOM settings (config.ts)', () => {
  it('reads DICOM_HOST and DICOM_ALLOWED_AE_TITLES', async () => {
    const { ConfigError, loadConfig } = await import('../../config');
    expect(loadConfig({}).DICOM_ALLOWED_AE_TITLES).toEqual([]);
    expect(loadConfig({}).DICOM_HOST).toBeUndefined();
    expect(loadConfig({ DICOM_HOST: '127.0.0.1', DICOM_ALLOWED_AE_TITLES: ' CT01, MR01 ,,US 1' })).toMatchObject({
      DICOM_HOST: '127.0.0.1',
      DICOM_ALLOWED_AE_TITLES: ['CT01', 'MR01', 'US 1'],
    });
    expect(() => loadConfig({ DICOM_ALLOWED_AE_TITLES: 'CT01,THIS_TITLE_IS_TOO_LONG' })).toThrow(ConfigError);
    expect(() => loadConfig({ DICOM_ALLOWED_AE_TITLES: 'BAD\\AE' })).toThrow('DICOM_ALLOWED_AE_TITLES');
  });
});
