/**
 * Storage Commitment Push Model SCP (PS3.4 J.3) against dcmjs-dimse's Client as the modality: images stored with dcmtk's
 * storescu into the real archive, then an N-ACTION naming them (and some we do not hold); the result comes back as
 * an N-EVENT-REPORT on the same association, or on a new one to the modality's own listener once it has released.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPart10Header } from '../../parse/part10';
import { TS } from '../../uids';
import { openArchiveFixture, type ArchiveFixture } from '../test/archive-fixture';
import { run } from '../test/dcmtk';
import { startListener, until, type Harness } from '../test/harness';
import { datasetOf, exchange, startModalityListener, type ModalityListener } from '../test/n-scu';
import { dimse, type DimseNEventReportRequest } from '../lib';
import { StorageCommitment, STORAGE_COMMITMENT_SOP_CLASS, STORAGE_COMMITMENT_SOP_INSTANCE } from './storage-commitment';

const CT = '1.2.840.10008.5.1.4.1.1.2';
const MR = '1.2.840.10008.5.1.4.1.1.4';
const STUDY = '1.2.826.0.1.3680043.10.1455.27120';

function element(g: number, e: number, vr: string, v: string): Buffer {
  let value = Buffer.from(v, 'latin1');
  if (value.length % 2) value = Buffer.concat([value, Buffer.from([vr === 'UI' ? 0 : 0x20])]);
  const h = Buffer.alloc(8);
  h.writeUInt16LE(g, 0);
  h.writeUInt16LE(e, 2);
  h.write(vr, 4, 'latin1');
  h.writeUInt16LE(value.length, 6);
  return Buffer.concat([h, value]);
}

/** A small CT instance of the test's own study (no real patient). */
function writeInstance(dir: string, sopUid: string): string {
  const file = path.join(dir, `${sopUid}.dcm`);
  const data = Buffer.concat([
    element(0x0008, 0x0016, 'UI', CT),
    element(0x0008, 0x0018, 'UI', sopUid),
    element(0x0008, 0x0060, 'CS', 'CT'),
    element(0x0010, 0x0020, 'LO', 'STGCMT-TEST'),
    element(0x0020, 0x000d, 'UI', STUDY),
    element(0x0020, 0x000e, 'UI', `${STUDY}.1`),
  ]);
  const header = buildPart10Header({ sopClassUid: CT, sopInstanceUid: sopUid, transferSyntaxUid: TS.explicitLE });
  fs.writeFileSync(file, Buffer.concat([header, data]));
  return file;
}

function commitmentRequest(transactionUid: string | undefined, refs: [string, string][], actionType = 1) {
  const request = new dimse.requests.NActionRequest(
    STORAGE_COMMITMENT_SOP_CLASS,
    STORAGE_COMMITMENT_SOP_INSTANCE,
    actionType,
  );
  request.setDataset(
    datasetOf({
      ...(transactionUid ? { TransactionUID: transactionUid } : {}),
      ReferencedSOPSequence: refs.map(([c, i]) => ({ ReferencedSOPClassUID: c, ReferencedSOPInstanceUID: i })),
    }),
  );
  return request;
}

type Item = Record<string, unknown>;
function reportOf(request: DimseNEventReportRequest) {
  const elements = request.getDataset()!.getElements();
  const refs = (key: string) =>
    ((elements[key] as Item[] | undefined) ?? []).map((i) => [
      i.ReferencedSOPClassUID,
      i.ReferencedSOPInstanceUID,
      ...(i.FailureReason === undefined ? [] : [i.FailureReason]),
    ]);
  return {
    eventTypeId: request.getEventTypeId(),
    sopClass: request.getAffectedSopClassUid(),
    sopInstance: request.getAffectedSopInstanceUid(),
    transactionUid: elements.TransactionUID,
    committed: refs('ReferencedSOPSequence'),
    failed: refs('FailedSOPSequence'),
  };
}

describe('Storage Commitment SCP, asked by dcmjs-dimse Client', () => {
  let fx: ArchiveFixture;
  let h: Harness;
  let modality: ModalityListener;
  const stored = [`${STUDY}.1.1`, `${STUDY}.1.2`, `${STUDY}.1.3`];

  beforeAll(async () => {
    fx = await openArchiveFixture('stgcmt');
    modality = await startModalityListener('MODALITY');
    h = await startListener({
      archive: fx.archive,
      allowedCallingAeTitles: ['MODALITY'],
      storageCommitment: new StorageCommitment(fx.database.db),
      moveDestinations: [{ aeTitle: 'MODALITY', host: '127.0.0.1', port: modality.port }],
    });
    const files = stored.map((uid) => writeInstance(fx.dataDir, uid));
    const r = await run('storescu', [
      '-aet',
      'MODALITY',
      '-aec',
      'RANGSI',
      '127.0.0.1',
      String(h.listener.port),
      ...files,
    ]);
    expect(r.code, r.stderr).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await modality?.close();
    await fx?.close();
  });

  it('reports on the same association: stored instances committed, the unknown one and a class mismatch failed', async () => {
    const unknown = `${STUDY}.9.9`;
    const ex = await exchange(
      h.listener.port,
      [
        commitmentRequest('2.25.1001', [
          [CT, stored[0]!],
          [CT, stored[1]!],
          [CT, unknown],
          [MR, stored[2]!],
        ]),
      ],
      { reports: 1 },
    );
    expect(ex.responses[0]?.getStatus()).toBe(0x0000);
    expect(ex.reports).toHaveLength(1);
    expect(reportOf(ex.reports[0]!)).toEqual({
      eventTypeId: 2,
      sopClass: STORAGE_COMMITMENT_SOP_CLASS,
      sopInstance: STORAGE_COMMITMENT_SOP_INSTANCE,
      transactionUid: '2.25.1001',
      committed: [
        [CT, stored[0]],
        [CT, stored[1]],
      ],
      failed: [
        [CT, unknown, 0x0112],
        [MR, stored[2], 0x0119],
      ],
    });
    expect(modality.reports).toHaveLength(0);
  });

  it('reports event type 1 with no Failed SOP Sequence when every instance is held', async () => {
    const ex = await exchange(
      h.listener.port,
      [
        commitmentRequest(
          '2.25.1002',
          stored.map((u) => [CT, u]),
        ),
      ],
      {
        reports: 1,
      },
    );
    const report = reportOf(ex.reports[0]!);
    expect(report.eventTypeId).toBe(1);
    expect(report.committed).toEqual(stored.map((u) => [CT, u]));
    expect(report.failed).toEqual([]);
  });

  it('reports on a new association, proposing the SCP role, when the modality released before the result', async () => {
    const before = modality.reports.length;
    let ex: Awaited<ReturnType<typeof exchange>> | undefined;
    // The index is held until the modality has released, so the result cannot be ready while it is still associated.
    await fx.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table dicom_instances in access exclusive mode`);
      ex = await exchange(h.listener.port, [
        commitmentRequest('2.25.1003', [
          [CT, stored[0]!],
          [CT, `${STUDY}.8`],
        ]),
      ]);
    });
    expect(ex!.responses[0]?.getStatus()).toBe(0x0000);
    expect(ex!.reports).toHaveLength(0);
    await until(() => modality.reports.length > before);
    const got = modality.reports[before]!;
    expect(got.callingAe).toBe('RANGSI');
    expect(got.scpRoleProposed).toBe(true);
    expect(reportOf(got.request)).toMatchObject({
      eventTypeId: 2,
      transactionUid: '2.25.1003',
      committed: [[CT, stored[0]]],
      failed: [[CT, `${STUDY}.8`, 0x0112]],
    });
  });

  it('does not commit to a deleted instance', async () => {
    await fx.database.db.execute(
      sql`update dicom_instances set deleted_at = now() where sop_instance_uid = ${stored[2]!}`,
    );
    const ex = await exchange(h.listener.port, [commitmentRequest('2.25.1004', [[CT, stored[2]!]])], { reports: 1 });
    expect(reportOf(ex.reports[0]!)).toMatchObject({
      eventTypeId: 2,
      committed: [],
      failed: [[CT, stored[2], 0x0112]],
    });
  });

  it('refuses a malformed request with the N-ACTION status and sends no report', async () => {
    const wrongInstance = commitmentRequest('2.25.1005', [[CT, stored[0]!]]);
    wrongInstance.setRequestedSopInstanceUid('1.2.3.4');
    const ex = await exchange(h.listener.port, [
      new dimse.requests.NActionRequest(STORAGE_COMMITMENT_SOP_CLASS, STORAGE_COMMITMENT_SOP_INSTANCE, 1),
      commitmentRequest(undefined, [[CT, stored[0]!]]),
      commitmentRequest('2.25.1006', []),
      commitmentRequest('2.25.1007', [[CT, stored[0]!]], 2),
      wrongInstance,
    ]);
    expect(ex.responses.map((r) => r?.getStatus())).toEqual([0x0115, 0x0115, 0x0115, 0x0123, 0x0112]);
    expect(ex.reports).toHaveLength(0);
    // The listener is still there for the next request.
    const again = await exchange(h.listener.port, [commitmentRequest('2.25.1008', [[CT, stored[0]!]])], { reports: 1 });
    expect(reportOf(again.reports[0]!).eventTypeId).toBe(1);
  });

  it('rejects an association from an AE title it does not know', async () => {
    const ex = await exchange(h.listener.port, [commitmentRequest('2.25.1009', [[CT, stored[0]!]])], {
      callingAe: 'STRANGER',
    });
    expect(ex.rejected).toBe(true);
    expect(ex.responses).toEqual([undefined]);
  });
});
