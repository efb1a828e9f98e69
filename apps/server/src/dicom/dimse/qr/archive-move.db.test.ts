import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditService } from '../../../audit/audit.service';
import type { DatabaseHandle } from '../../../db/client';
import { auditLog } from '../../../db/schema/index';
import type { LocalDicomArchive } from '../../archive/local-archive';
import { buildInstance, testUid } from '../../testing/build-dicom';
import { corpusPath } from '../../testing/corpus';
import { parseBytes } from '../../thumbnails/decode-frame';
import { datasetOf, openArchiveFixture, pixelDataOf, type ArchiveFixture } from '../test/archive-fixture';
import { run } from '../test/dcmtk';
import { startListener, type Harness } from '../test/harness';
import { freePort, receivedFiles, startStoreScp, type StoreScp } from '../test/storescp';
import { ArchiveGet } from './archive-get';

const WORKSTATION = 'READING_WS';

describe('Study Root C-MOVE SCP, asked by dcmtk movescu, images sent to a dcmtk storescp', () => {
  let fixture: ArchiveFixture;
  let database: DatabaseHandle;
  let archive: LocalDicomArchive;
  let h: Harness;
  let dest: StoreScp;
  let destAll: StoreScp;
  let destSlow: StoreScp;
  let downPort: number;
  const study = testUid();
  const series = [testUid(), testUid()];
  const sent = new Map<string, Buffer>();
  const sopsOf: string[][] = [[], []];
  /** Another study, of five images, for the slow destination. */
  const slowStudy = testUid();
  const slowSeries = testUid();

  const clear = (dir: string) => {
    for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f));
  };
  const movescu = async (callingAe: string, destination: string, keys: string[], extra: string[] = []) => {
    const args = [
      '-v',
      ...(extra.includes('-P') ? [] : ['-S']),
      '-aet',
      callingAe,
      '-aec',
      'RANGSI',
      '-aem',
      destination,
      ...extra,
    ];
    for (const k of keys) args.push('-k', k);
    const r = await run('movescu', [...args, '127.0.0.1', String(h.listener.port)]);
    return { code: r.code, output: r.stdout + r.stderr };
  };

  beforeAll(async () => {
    fixture = await openArchiveFixture('move');
    ({ database, archive } = fixture);
    for (const [s, uid] of series.entries()) {
      for (let i = 1; i <= (s === 0 ? 3 : 2); i++) {
        const b = buildInstance({
          studyUid: study,
          seriesUid: uid,
          seriesNumber: s + 1,
          instanceNumber: i,
          modality: 'CT',
          patientId: 'MOVE-1',
          rows: s === 1 ? 400 : 64,
          columns: s === 1 ? 400 : 64,
        });
        expect((await archive.ingestBytes(b.bytes, { source: 'TEST' })).status).toBe('stored');
        sent.set(b.sopUid, datasetOf(b.bytes));
        sopsOf[s]!.push(b.sopUid);
      }
    }
    for (let i = 1; i <= 5; i++) {
      const b = buildInstance({
        studyUid: slowStudy,
        seriesUid: slowSeries,
        seriesNumber: 1,
        instanceNumber: i,
        modality: 'CT',
        patientId: 'MOVE-2',
        rows: 32,
        columns: 32,
      });
      expect((await archive.ingestBytes(b.bytes, { source: 'TEST' })).status).toBe('stored');
    }
    dest = await startStoreScp('VIEWER_1', path.join(fixture.dataDir, 'viewer-1'), ['+B']);
    destAll = await startStoreScp('VIEWER_ALL', path.join(fixture.dataDir, 'viewer-all'), ['+xa', '+B']);
    // It sleeps a second after each image: long enough for pending answers, and for a C-CANCEL to arrive midway.
    destSlow = await startStoreScp('VIEWER_SLOW', path.join(fixture.dataDir, 'viewer-slow'), ['--sleep-after', '1']);
    downPort = await freePort();
    h = await startListener({
      retrieve: new ArchiveGet(database.db, archive, new AuditService(database.db)),
      queryAeTitles: [WORKSTATION],
      moveDestinations: [
        { aeTitle: 'VIEWER_1', host: '127.0.0.1', port: dest.port },
        { aeTitle: 'VIEWER_ALL', host: '127.0.0.1', port: destAll.port },
        { aeTitle: 'VIEWER_OFF', host: '127.0.0.1', port: downPort },
        { aeTitle: 'VIEWER_SLOW', host: '127.0.0.1', port: destSlow.port },
      ],
      moveConnectTimeoutMs: 3000,
    });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await dest?.stop();
    await destAll?.stop();
    await destSlow?.stop();
    await fixture.close();
  });

  it('sends every image of a study to the destination in the table, each data set byte for byte as stored', async () => {
    const r = await movescu(WORKSTATION, 'VIEWER_1', ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${study}`]);
    expect(r.code, r.output).toBe(0);
    expect(r.output).toContain('Received Final Move Response (Success)');
    const files = receivedFiles(dest.dir);
    expect([...files.keys()].sort()).toEqual([...sent.keys()].sort());
    for (const [sop, file] of files) expect(datasetOf(file).equals(sent.get(sop)!), sop).toBe(true);
    clear(dest.dir);
  });

  it('sends a series, and chosen images', async () => {
    const bySeries = await movescu(WORKSTATION, 'VIEWER_1', [
      'QueryRetrieveLevel=SERIES',
      `StudyInstanceUID=${study}`,
      `SeriesInstanceUID=${series[1]}`,
    ]);
    expect(bySeries.code, bySeries.output).toBe(0);
    expect([...receivedFiles(dest.dir).keys()].sort()).toEqual([...sopsOf[1]!].sort());
    clear(dest.dir);
    const two = sopsOf[0]!.slice(0, 2);
    const byImage = await movescu(WORKSTATION, 'VIEWER_1', [
      'QueryRetrieveLevel=IMAGE',
      `StudyInstanceUID=${study}`,
      `SeriesInstanceUID=${series[0]}`,
      `SOPInstanceUID=${two.join('\\')}`,
    ]);
    expect(byImage.code, byImage.output).toBe(0);
    expect([...receivedFiles(dest.dir).keys()].sort()).toEqual([...two].sort());
    clear(dest.dir);
  });

  it('Patient Root: sends every image of a patient', async () => {
    const r = await movescu(WORKSTATION, 'VIEWER_1', ['QueryRetrieveLevel=PATIENT', 'PatientID=MOVE-1'], ['-P']);
    expect(r.code, r.output).toBe(0);
    expect([...receivedFiles(dest.dir).keys()].sort()).toEqual([...sent.keys()].sort());
    clear(dest.dir);
  });

  it('refuses a destination not in the table (A801), a destination that is down (A702), missing keys and a stranger AE; sends nothing', async () => {
    const unknown = await movescu(WORKSTATION, 'SOMEWHERE', ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${study}`]);
    expect(unknown.output).toMatch(/Move Destination unknown|MoveDestinationUnknown|0xa801/i);
    const down = await movescu(WORKSTATION, 'VIEWER_OFF', ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${study}`]);
    expect(down.output).toMatch(/Refused: OutOfResourcesSubOperations/);
    // The log says why, without patient data.
    const logged = h.lines.find((l) => l.msg === 'C-MOVE not fully done' && l.destination === 'VIEWER_OFF');
    expect(logged).toMatchObject({ status: '0xA702', failed: 5, reason: 'cannot reach VIEWER_OFF (ECONNREFUSED)' });
    const noStudy = await movescu(WORKSTATION, 'VIEWER_1', [
      'QueryRetrieveLevel=SERIES',
      `SeriesInstanceUID=${series[0]}`,
    ]);
    expect(noStudy.output).toMatch(/DataSetDoesNotMatchSOPClass|0xa900/i);
    const stranger = await movescu('MODALITY_CT', 'VIEWER_1', [
      'QueryRetrieveLevel=STUDY',
      `StudyInstanceUID=${study}`,
    ]);
    expect(stranger.code).not.toBe(0);
    expect(receivedFiles(dest.dir).size).toBe(0);
    // The listener keeps serving.
    const again = await movescu(WORKSTATION, 'VIEWER_1', ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${study}`]);
    expect(again.code, again.output).toBe(0);
    expect(receivedFiles(dest.dir).size).toBe(sent.size);
    clear(dest.dir);
  });

  it('tells the requester how far it got while it sends, and stops at a C-CANCEL', async () => {
    const keys = ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${slowStudy}`];
    const slow = await movescu(WORKSTATION, 'VIEWER_SLOW', keys);
    expect(slow.code, slow.output).toBe(0);
    expect(slow.output).toMatch(/Received Move Response \d+ \(Pending\)/);
    expect(slow.output).toContain('Received Final Move Response (Success)');
    expect(receivedFiles(destSlow.dir).size).toBe(5);
    clear(destSlow.dir);
    // The first pending answer comes after the second image (about a second in); movescu then sends C-CANCEL, which
    // arrives while the third waits for the sleeping destination: the fourth and fifth never go.
    const cancelled = await movescu(WORKSTATION, 'VIEWER_SLOW', keys, ['--cancel', '1']);
    expect(cancelled.output).toContain(
      'Received Final Move Response (Cancel: SubOperationsTerminatedDueToCancelIndication)',
    );
    expect(receivedFiles(destSlow.dir).size).toBe(3);
    expect(h.lines.find((l) => l.msg === 'C-MOVE cancelled')).toMatchObject({
      completed: 3,
      destination: 'VIEWER_SLOW',
    });
    clear(destSlow.dir);
  }, 20_000);

  it('sends RLE as stored to a destination that takes it, decompressed to one that takes only uncompressed images', async () => {
    const original = fs.readFileSync(corpusPath('MR_small_RLE.dcm'));
    const stored = await archive.ingestBytes(original, { source: 'TEST' });
    if (stored.status === 'refused') throw new Error(stored.reason);
    const keys = ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${stored.studyInstanceUid}`];
    const toAll = await movescu(WORKSTATION, 'VIEWER_ALL', keys);
    expect(toAll.code, toAll.output).toBe(0);
    const asIs = receivedFiles(destAll.dir).get(stored.sopInstanceUid)!;
    expect(datasetOf(asIs).equals(datasetOf(original))).toBe(true);
    const toPlain = await movescu(WORKSTATION, 'VIEWER_1', keys);
    expect(toPlain.code, toPlain.output).toBe(0);
    const plain = receivedFiles(dest.dir).get(stored.sopInstanceUid)!;
    expect(parseBytes(plain).ts).toBe('1.2.840.10008.1.2.1');
    expect(pixelDataOf(plain).equals(pixelDataOf(fs.readFileSync(corpusPath('MR_small.dcm'))))).toBe(true);
    clear(dest.dir);
  });

  it('audits each move with the caller, the destination and the number of images', async () => {
    const rows = await database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dicom.move.study'), sql`${auditLog.detail}->>'callingAe' = ${WORKSTATION}`));
    const toViewer = rows
      .map((r) => r.detail as { destination: string; instances: number })
      .filter((d) => d.destination === 'VIEWER_1' && d.instances === sent.size);
    expect(toViewer.length).toBeGreaterThanOrEqual(2);
    // A destination not in the table is refused before anything is looked up or recorded.
    expect(rows.some((r) => (r.detail as { destination: string }).destination === 'SOMEWHERE')).toBe(false);
  });
});
