/**
 * One test per problem of dcmjs-dimse 0.3.3 listed in docs/stack-notes.md (DICOM section), each against the wrapper.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { negotiate } from './negotiation';
import { dimse } from './lib';
import { buildPart10Header, datasetOffset } from '../parse/part10';
import { corpusFiles, datasetBytes } from './test/corpus';
import { echoscu, run, storescuProfile, storeResults, UNSUPPORTED_TS } from './test/dcmtk';
import { startListener, tempFiles, until, type Harness } from './test/harness';
import { abortPdu, cStoreRq, pdata, RawScu } from './test/raw-scu';
import { Status, TS } from '../uids';

const CT = '1.2.840.10008.5.1.4.1.1.2';
const files = corpusFiles();
const corpus = (name: string) => files.find((f) => f.name === name)!;

function element(g: number, e: number, vr: string, v: Buffer | string): Buffer {
  let value = typeof v === 'string' ? Buffer.from(v, 'latin1') : v;
  if (value.length % 2) value = Buffer.concat([value, Buffer.from([vr === 'UI' ? 0 : 0x20])]);
  const long = ['OB', 'OW', 'SQ', 'UN', 'UT'].includes(vr);
  const h = Buffer.alloc(long ? 12 : 8);
  h.writeUInt16LE(g, 0);
  h.writeUInt16LE(e, 2);
  h.write(vr, 4, 'latin1');
  if (long) h.writeUInt32LE(value.length, 8);
  else h.writeUInt16LE(value.length, 6);
  return Buffer.concat([h, value]);
}

function instance(sopClass: string, sopInstance: string, extra: Buffer[] = []): Buffer {
  return Buffer.concat([
    element(0x0008, 0x0016, 'UI', sopClass),
    element(0x0008, 0x0018, 'UI', sopInstance),
    element(0x0010, 0x0010, 'PN', 'Rangsi^Probe'),
    element(0x0020, 0x000d, 'UI', '1.2.826.0.1.3680043.2.1125.9.1'),
    element(0x0020, 0x000e, 'UI', '1.2.826.0.1.3680043.2.1125.9.2'),
    ...extra,
  ]);
}

/** Where the data set starts in a Part-10 file on disk (reads only the head). */
function datasetOffsetOf(file: string): number {
  const fd = fs.openSync(file, 'r');
  const head = Buffer.alloc(4096);
  fs.readSync(fd, head, 0, head.length, 0);
  fs.closeSync(fd);
  return datasetOffset(head);
}

function storedDataset(h: Harness, index: number, inflate = false): Buffer {
  return datasetBytes(fs.readFileSync(h.archive.calls[index]!.path), inflate);
}

describe('dcmjs-dimse 0.3.3 problems, handled by the wrapper', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startListener();
  });
  afterAll(async () => {
    await h.close();
  });

  it('problem 1 — Server.listen binds all interfaces: the listener binds the configured host only', async () => {
    const only = await startListener({ host: '127.0.0.2' });
    try {
      expect(only.listener.host).toBe('127.0.0.2');
      expect((await echoscu(only.listener.port, [])).code).not.toBe(0); // echoscu dials 127.0.0.1
      const refused = await new Promise<string>((resolve) => {
        const s = net.connect({ host: '127.0.0.1', port: only.listener.port }, () => {
          s.destroy();
          resolve('connected');
        });
        s.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
      });
      expect(refused).toBe('ECONNREFUSED');
      const r = await run('echoscu', ['-aec', 'RANGSI', '127.0.0.2', String(only.listener.port)]);
      expect(r.code, r.stderr).toBe(0);
    } finally {
      await only.close();
    }
  });

  it('problem 2 — its storage list lacks RT/SEG/ECG/KOS/GSPS: every 1.2.840.10008.5.1.4.1.1.* class is accepted', async () => {
    const classes = {
      kos: '1.2.840.10008.5.1.4.1.1.88.59',
      gsps: '1.2.840.10008.5.1.4.1.1.11.1',
      rtPlan: '1.2.840.10008.5.1.4.1.1.481.5',
      rtStruct: '1.2.840.10008.5.1.4.1.1.481.3',
      seg: '1.2.840.10008.5.1.4.1.1.66.4',
      ecg: '1.2.840.10008.5.1.4.1.1.9.1.1',
      studyRootFind: '1.2.840.10008.5.1.4.1.2.2.1',
      notAUid: '1.2.840.10008.5.1.4.1.1.x',
    };
    const scu = await RawScu.connect(h.listener.port);
    const names = Object.keys(classes) as (keyof typeof classes)[];
    const a = await scu.associate(
      'RAWSCU',
      'RANGSI',
      names.map((n, i) => ({ id: 2 * i + 1, abstractSyntax: classes[n], transferSyntaxes: [TS.explicitLE] })),
    );
    expect(a.kind).toBe('accept');
    if (a.kind !== 'accept') return;
    const result = Object.fromEntries(names.map((n, i) => [n, a.contexts.get(2 * i + 1)?.result]));
    expect(result).toEqual({ kos: 0, gsps: 0, rtPlan: 0, rtStruct: 0, seg: 0, ecg: 0, studyRootFind: 3, notAUid: 3 });
    const before = h.archive.calls.length;
    expect(await scu.store(1, classes.kos, '1.2.3.4.59', instance(classes.kos, '1.2.3.4.59'))).toMatchObject({
      status: Status.Success,
    });
    expect(
      await scu.store(3, classes.gsps, '1.2.3.4.11', instance(classes.gsps, '1.2.3.4.11'), { messageId: 2 }),
    ).toMatchObject({ status: Status.Success });
    await scu.release();
    expect(h.archive.calls.length).toBe(before + 2);
    // Real files of those classes from a real peer: RT plan, SEG, ECG.
    const sent = ['rtplan.dcm', 'liver_1frame.dcm', 'waveform_ecg.dcm', 'rtstruct.dcm'].map((n) => corpus(n));
    const r = await run('storescu', [
      '-v',
      '-aec',
      'RANGSI',
      '-nh',
      '-xf',
      storescuProfile(h.dir, sent, { name: 'p2.cfg' }),
      'Corpus',
      '127.0.0.1',
      String(h.listener.port),
      ...sent.map((f) => f.file),
    ]);
    expect([...storeResults(r.stdout + r.stderr).values()]).toEqual(['success', 'success', 'success', 'success']);
  });

  it('problem 3 — the README negotiation rejects a context whose first syntax is unsupported: ours accepts the next one', async () => {
    // The README pattern, for the record: setResult() inside the loop empties the list it iterates.
    const ctx = new dimse.association.PresentationContext(1, CT, UNSUPPORTED_TS);
    ctx.addTransferSyntaxUid(TS.explicitLE);
    for (const ts of ctx.getTransferSyntaxUids()) {
      if (ts === TS.explicitLE) ctx.setResult(dimse.constants.PresentationContextResult.Accept, ts);
      else ctx.setResult(dimse.constants.PresentationContextResult.RejectTransferSyntaxesNotSupported);
    }
    expect(ctx.getResult()).toBe(dimse.constants.PresentationContextResult.RejectTransferSyntaxesNotSupported);

    // Ours, on the same kind of proposal.
    const assoc = new dimse.association.Association('A', 'RANGSI');
    const id = assoc.addPresentationContext(CT);
    assoc.addTransferSyntaxToPresentationContext(id, UNSUPPORTED_TS);
    assoc.addTransferSyntaxToPresentationContext(id, TS.explicitLE);
    negotiate(assoc, { worklist: false, query: false, retrieve: false, move: false });
    expect(assoc.getPresentationContext(id).getResult()).toBe(dimse.constants.PresentationContextResult.Accept);
    expect(assoc.getPresentationContext(id).getAcceptedTransferSyntaxUid()).toBe(TS.explicitLE);

    // Over the wire, from the raw SCU and from storescu with a profile proposing MPEG2 first.
    const scu = await RawScu.connect(h.listener.port);
    const a = await scu.associate('RAWSCU', 'RANGSI', [
      { id: 1, abstractSyntax: CT, transferSyntaxes: [UNSUPPORTED_TS, TS.explicitLE] },
      { id: 3, abstractSyntax: CT, transferSyntaxes: [UNSUPPORTED_TS, '1.2.3.4.5', TS.implicitLE, TS.explicitLE] },
      { id: 5, abstractSyntax: CT, transferSyntaxes: [UNSUPPORTED_TS] },
    ]);
    scu.destroy();
    expect(a.kind === 'accept' && [...a.contexts.entries()]).toEqual([
      [1, { result: 0, transferSyntax: TS.explicitLE }],
      [3, { result: 0, transferSyntax: TS.implicitLE }],
      [5, { result: 4, transferSyntax: UNSUPPORTED_TS }],
    ]);
    const ct = corpus('CT_small.dcm');
    const r = await run('storescu', [
      '-v',
      '-aec',
      'RANGSI',
      '-xf',
      storescuProfile(h.dir, [ct], { name: 'p3.cfg' }),
      'Corpus',
      '127.0.0.1',
      String(h.listener.port),
      ct.file,
    ]);
    expect(storeResults(r.stdout + r.stderr).get('CT_small.dcm')).toBe('success');
  });

  it('problem 4 — C-STORE held whole instances in memory: a 50 MB instance streams to disk in bounded memory', async () => {
    const big = await startListener(); // defaults: 2 MiB file-stream high-water mark, 256 KiB PDUs
    const { writeHighWaterMark: hwm, maxPduLength: maxPdu } = big.listener.config;
    try {
      const write = (file: string, uid: string, pixelBytes: number) => {
        const pixelHeader = Buffer.concat([
          Buffer.from([0xe0, 0x7f, 0x10, 0x00]),
          Buffer.from('OW\0\0', 'latin1'),
          Buffer.alloc(4),
        ]);
        pixelHeader.writeUInt32LE(pixelBytes, 8);
        const fd = fs.openSync(file, 'w');
        fs.writeSync(fd, buildPart10Header({ sopClassUid: CT, sopInstanceUid: uid, transferSyntaxUid: TS.explicitLE }));
        fs.writeSync(fd, instance(CT, uid, [pixelHeader]));
        const mb = Buffer.alloc(1024 * 1024);
        for (let i = 0; i < pixelBytes / mb.length; i++) {
          mb.fill(i);
          fs.writeSync(fd, mb);
        }
        fs.closeSync(fd);
      };
      const small = path.join(big.dir, 'small.dcm');
      write(small, '1.2.3.4.1', 1024 * 1024);
      const file = path.join(big.dir, 'big.dcm');
      const pixelBytes = 50 * 1024 * 1024;
      write(file, '1.2.3.4.50', pixelBytes);
      // Warm-up (first-use code and buffers), and a regression: an instance ending while the file stream is full must
      // not leave the socket paused (a stream that is ending never emits 'drain'); storescu's release would time out.
      const warm = await run('storescu', ['-aec', 'RANGSI', '-ta', '5', '127.0.0.1', String(big.listener.port), small]);
      expect(warm.code, warm.stderr).toBe(0);
      expect(warm.ms).toBeLessThan(4000);

      // What the listener buffers, measured inside: never more than the file stream's high-water mark and a PDU.
      const budget = hwm + maxPdu;
      // RSS is sampled every 5 ms right after a scavenge (a full collection every 50 ms): socket buffers the listener
      // has already let go of are reclaimed, so what remains is what it holds, plus the garbage of one sampling gap.
      // (Without the collections RSS levels off near 30 MB whether the instance is 50 or 200 MB: V8 frees external
      // buffers lazily.) RSS is noisy on a busy machine (allocator, other work in this process), so the best of up to
      // three transfers counts; holding the instance would fail all three by tens of megabytes.
      v8.setFlagsFromString('--expose-gc');
      const gc = vm.runInNewContext('gc') as (o: { type: 'minor' | 'major' }) => void;
      let best = { growth: Number.POSITIVE_INFINITY, limit: 0, detail: '' };
      for (let attempt = 0; attempt < 3 && best.growth >= best.limit; attempt++) {
        gc({ type: 'major' });
        const baseline = process.memoryUsage().rss;
        let peak = baseline;
        let ticks = 0;
        let last = performance.now();
        let longestGap = 0;
        const sampler = setInterval(() => {
          const now = performance.now();
          longestGap = Math.max(longestGap, now - last);
          last = now;
          gc({ type: ++ticks % 10 === 0 ? 'major' : 'minor' });
          peak = Math.max(peak, process.memoryUsage().rss);
        }, 5);
        const r = await run('storescu', [
          '-aec',
          'RANGSI',
          '--max-send-pdu',
          '131072',
          '127.0.0.1',
          String(big.listener.port),
          file,
        ]);
        clearInterval(sampler);
        expect(r.code, r.stderr).toBe(0);
        expect(big.listener.stats.peakBufferedBytes).toBeGreaterThan(0);
        expect(big.listener.stats.peakBufferedBytes).toBeLessThanOrEqual(budget);
        const growth = peak - baseline;
        const limit = 3 * budget + (pixelBytes / r.ms) * longestGap; // + bytes received during the longest sampling gap
        if (growth < best.growth) {
          best = {
            growth,
            limit,
            detail: `RSS grew ${(growth / 1048576).toFixed(1)} MB for a ${pixelBytes / 1048576} MB instance (longest sampling gap ${longestGap.toFixed(0)} ms)`,
          };
        }
      }
      expect(best.growth, best.detail).toBeLessThan(best.limit);
      expect(best.growth, best.detail).toBeLessThan(pixelBytes / 3);

      // The file: our Part-10 header built from the command set, then the data set bytes as sent.
      const stored = big.archive.calls[1]!.path;
      const dump = await run('dcmdump', [
        '-M',
        '+P',
        '0002,0002',
        '+P',
        '0002,0003',
        '+P',
        '0002,0010',
        '+P',
        '0002,0012',
        '+P',
        '0002,0016',
        stored,
      ]);
      expect(dump.stdout).toContain('=CTImageStorage');
      expect(dump.stdout).toContain('[1.2.3.4.50]');
      expect(dump.stdout).toContain('=LittleEndianExplicit');
      expect(dump.stdout).toContain('[2.25.285302930125632151837540338203735436289]');
      expect(dump.stdout).toContain('[STORESCU]');
      const same = await run('cmp', ['-i', `${datasetOffsetOf(stored)}:${datasetOffsetOf(file)}`, stored, file]);
      expect(same.code, same.stdout).toBe(0);
    } finally {
      await big.close();
    }
  }, 60_000);

  it('problem 5 — deflate was misread yet answered Success: stored deflated as received, and bad deflate refused', async () => {
    const dfl = corpus('image_dfl.dcm');
    const before = h.archive.calls.length;
    const r = await run('storescu', ['-aec', 'RANGSI', '-xd', '127.0.0.1', String(h.listener.port), dfl.file]);
    expect(r.code, r.stderr).toBe(0);
    const stored = fs.readFileSync(h.archive.calls[before]!.path);
    const dump = await run('dcmdump', ['+P', '0002,0010', '+P', '0008,0018', h.archive.calls[before]!.path]);
    expect(dump.stdout).toContain('=DeflatedLittleEndianExplicit');
    expect(dump.stdout).toContain(dfl.sopInstanceUid!);
    expect(datasetBytes(stored, true).equals(datasetBytes(fs.readFileSync(dfl.file), true))).toBe(true);

    // Deflate sent verbatim: stored byte-identical, still deflated.
    const original = datasetBytes(fs.readFileSync(dfl.file), false);
    const scu = await RawScu.connect(h.listener.port);
    const sc = dfl.sopClassUid!;
    await scu.associate('RAWSCU', 'RANGSI', [{ id: 1, abstractSyntax: sc, transferSyntaxes: [TS.deflate] }]);
    expect(await scu.store(1, sc, dfl.sopInstanceUid!, original)).toMatchObject({ status: Status.Success });
    expect(storedDataset(h, before + 1).equals(original)).toBe(true);
    // A truncated deflate stream, and deflate of a truncated data set: never Success.
    const calls = h.archive.calls.length;
    const cut = await scu.store(1, sc, dfl.sopInstanceUid!, original.subarray(0, original.length - 100), {
      messageId: 2,
    });
    expect(cut?.status).toBe(Status.CannotUnderstand);
    const inner = zlib.inflateRawSync(original);
    const halfDeflated = zlib.deflateRawSync(inner.subarray(0, inner.length - 1000));
    const half = await scu.store(1, sc, dfl.sopInstanceUid!, halfDeflated, { messageId: 3 });
    expect(half).toMatchObject({ status: Status.CannotUnderstand });
    expect(half?.errorComment).toMatch(/truncated/);
    const garbage = await scu.store(1, sc, dfl.sopInstanceUid!, Buffer.from('not a deflate stream at all!'), {
      messageId: 4,
    });
    expect(garbage?.status).toBe(Status.CannotUnderstand);
    await scu.release();
    expect(h.archive.calls.length).toBe(calls);
    expect(tempFiles(h)).toEqual([]);
  });

  it('problem 6 — dcmjs naturalized re-writing loses data: private tags, odd values, TIS-620 and bad dates stored as received', async () => {
    const tis620Name = Buffer.from([0xca, 0xc1, 0xaa, 0xd2, 0xc2, 0x5e, 0xe3, 0xa8, 0xb4, 0xd5]); // สมชาย^ใจดี in TIS-620
    const data = Buffer.concat([
      element(0x0008, 0x0005, 'CS', 'ISO_IR 166'),
      element(0x0008, 0x0016, 'UI', CT),
      element(0x0008, 0x0018, 'UI', '1.2.3.4.6'),
      element(0x0008, 0x0020, 'DA', '2567-13-45'),
      element(0x0009, 0x0010, 'LO', 'RANGSI PRIVATE'),
      element(0x0009, 0x1001, 'LO', 'keep me'),
      element(0x0009, 0x1002, 'UN', Buffer.from([1, 2, 3, 4, 5, 6])),
      element(0x0010, 0x0010, 'PN', tis620Name),
      element(0x0018, 0x0050, 'DS', ''),
      element(0x0020, 0x000d, 'UI', '1.2.3.4.6.1'),
      element(0x0020, 0x000e, 'UI', '1.2.3.4.6.2'),
      element(0x0020, 0x0013, 'IS', ''),
    ]);
    const file = path.join(h.dir, 'p6.dcm');
    fs.writeFileSync(
      file,
      Buffer.concat([
        buildPart10Header({ sopClassUid: CT, sopInstanceUid: '1.2.3.4.6', transferSyntaxUid: TS.explicitLE }),
        data,
      ]),
    );
    const before = h.archive.calls.length;
    const r = await run('storescu', ['-aec', 'RANGSI', '-xe', '127.0.0.1', String(h.listener.port), file]);
    expect(r.code, r.stderr).toBe(0);
    expect(storedDataset(h, before).equals(data)).toBe(true);
    const scu = await RawScu.connect(h.listener.port);
    await scu.associate('RAWSCU', 'RANGSI', [{ id: 1, abstractSyntax: CT, transferSyntaxes: [TS.explicitLE] }]);
    expect(await scu.store(1, CT, '1.2.3.4.6', data)).toMatchObject({ status: Status.Success });
    await scu.release();
    expect(storedDataset(h, before + 1).equals(data)).toBe(true);
  });

  it('problem 7 — every log level on by default, partial files left: console silent, pino at debug, no patient data, no temp file', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug', 'trace'] as const).map((m) => vi.spyOn(console, m));
    try {
      const ct = corpus('CT_small.dcm');
      const r = await run('storescu', ['-aec', 'RANGSI', '127.0.0.1', String(h.listener.port), ct.file]);
      expect(r.code, r.stderr).toBe(0);
      // An association that stops mid-transfer.
      const scu = await RawScu.connect(h.listener.port);
      await scu.associate('RAWSCU', 'RANGSI', [{ id: 1, abstractSyntax: CT, transferSyntaxes: [TS.explicitLE] }]);
      await scu.write(pdata(1, cStoreRq(1, CT, '1.2.3.4.7'), true, true));
      // More than the first MiB the receiver keeps in memory, so that a partial file is really on disk.
      const big = instance(CT, '1.2.3.4.7', [
        element(0x0010, 0x1000, 'LO', 'x'.repeat(2000)),
        element(0x7fe0, 0x0010, 'OB', Buffer.alloc(1_500_000)),
      ]);
      for (let off = 0; off < 1_200_000; off += 16_000)
        await scu.write(pdata(1, big.subarray(off, off + 16_000), false, false));
      await until(() => tempFiles(h).length === 1);
      await scu.write(abortPdu());
      await until(() => tempFiles(h).length === 0);
      scu.destroy();
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const libLines = h.lines.filter((l) => l.lib === 'dcmjs-dimse');
    expect(libLines.length).toBeGreaterThan(0);
    expect(libLines.every((l) => l.level === 20)).toBe(true); // pino debug
    const all = JSON.stringify(h.lines);
    for (const patientData of ['CompressedSamples^CT1', 'Rangsi^Probe', 'Lastname^Firstname'])
      expect(all).not.toContain(patientData);
  });
});
