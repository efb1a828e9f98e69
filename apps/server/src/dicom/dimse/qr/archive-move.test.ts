import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInstance, testUid } from '../../testing/build-dicom';
import { startListener, type Harness } from '../test/harness';
import { Status } from '../../uids';
import type { ArchiveRetrieveSource, Retriever } from './archive-get';
import { MoveStatus, performMove, storageSyntaxes } from './archive-move';
import { datasetOffset } from '../../parse/dataset-offset';

/** Retrieval from memory: the instances built here, and who asked. */
function source(files: { bytes: Buffer; sopUid: string }[]) {
  const asked: Retriever[] = [];
  const retrieve: ArchiveRetrieveSource = {
    locate: async (_identifier, by) => {
      asked.push(by);
      return {
        ok: true,
        instances: files.map(({ bytes, sopUid }) => ({
          sopClassUid: '1.2.840.10008.5.1.4.1.1.7',
          sopInstanceUid: sopUid,
          transferSyntaxUid: '1.2.840.10008.1.2.1',
          open: async () => Readable.from([bytes]),
        })),
      };
    },
  };
  return { retrieve, asked };
}

const dataset = (file: Buffer) => file.subarray(datasetOffset(file) as number);

describe('C-MOVE sub-operations to another Rangsi listener (our SCU against our SCP)', () => {
  let h: Harness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  const move = (
    destinations: Map<string, { aeTitle: string; host: string; port: number }>,
    files: { bytes: Buffer; sopUid: string }[],
    moveDestination = 'ARCHIVE_2',
  ) => {
    const { retrieve, asked } = source(files);
    const outcome = performMove(
      { identifier: {}, moveDestination, callingAe: 'READING_WS', messageId: 7 },
      { retrieve, destinations, aeTitle: 'RANGSI', connectTimeoutMs: 3000 },
    );
    return { outcome, asked };
  };
  const files = (n: number, size = 16) =>
    Array.from({ length: n }, () => buildInstance({ studyUid: testUid(), rows: size, columns: size }));

  it('stores every image at the destination, data sets unchanged, and answers Success with the counts', async () => {
    h = await startListener({ aeTitle: 'ARCHIVE_2' });
    const sent = files(3);
    const { outcome, asked } = move(
      new Map([['ARCHIVE_2', { aeTitle: 'ARCHIVE_2', host: '127.0.0.1', port: h.listener.port }]]),
      sent,
    );
    expect(await outcome).toMatchObject({
      status: Status.Success,
      counts: { completed: 3, failed: 0, warning: 0 },
      matched: 3,
    });
    expect(asked).toEqual([{ callingAe: 'READING_WS', moveDestination: 'ARCHIVE_2' }]);
    const stored = h.archive.calls.map((c) => dataset(fs.readFileSync(c.path)));
    expect(stored.map((b, i) => b.equals(dataset(sent[i]!.bytes)))).toEqual([true, true, true]);
  });

  it('answers A801 for a destination not in the table, without looking anything up', async () => {
    const { outcome, asked } = move(new Map(), files(1), 'ANYWHERE');
    expect(await outcome).toMatchObject({ status: MoveStatus.DestinationUnknown });
    expect(asked).toEqual([]);
  });

  it('answers A702 when the destination rejects the association, every image counted as failed', async () => {
    h = await startListener({ aeTitle: 'ARCHIVE_2' });
    // The table names an AE title the listener there does not answer to.
    const r = await move(
      new Map([['ARCHIVE_3', { aeTitle: 'ARCHIVE_3', host: '127.0.0.1', port: h.listener.port }]]),
      files(2),
      'ARCHIVE_3',
    ).outcome;
    expect(r).toMatchObject({ status: MoveStatus.UnableToPerformSubOperations, counts: { completed: 0, failed: 2 } });
    expect(r.comment).toMatch(/^ARCHIVE_3 rejected the association/);
  });

  it('counts what was not confirmed as failed when the destination aborts midway (B000), and never throws', async () => {
    // The listener aborts an association whose data set passes its limit: the second image is too large.
    h = await startListener({ aeTitle: 'ARCHIVE_2', maxInstanceBytes: 20_000 });
    const sent = [...files(1), ...files(1, 200), ...files(1)];
    const r = await move(
      new Map([['ARCHIVE_2', { aeTitle: 'ARCHIVE_2', host: '127.0.0.1', port: h.listener.port }]]),
      sent,
    ).outcome;
    expect(r).toMatchObject({ status: MoveStatus.CompleteWithFailures, counts: { completed: 1, failed: 2 } });
    expect(r.comment).toMatch(/ARCHIVE_2 ended the association: 2 of 3 images not sent/);
    expect(h.archive.calls.length).toBe(1);
  });

  it('proposes each SOP class in each stored syntax, explicit little endian beside a compressed one, implicit beside both', () => {
    const i = (sopClassUid: string, transferSyntaxUid: string) => ({
      sopClassUid,
      sopInstanceUid: '1',
      transferSyntaxUid,
      open: async () => null,
    });
    expect(
      storageSyntaxes([
        i('CT', '1.2.840.10008.1.2.5'),
        i('CT', '1.2.840.10008.1.2.1'),
        i('MR', '1.2.840.10008.1.2.4.90'),
        i('CT', '1.2.840.10008.1.2.5'),
        i('SR', '1.2.840.10008.1.2'),
      ]),
    ).toEqual([
      { sopClassUid: 'CT', transferSyntaxUid: '1.2.840.10008.1.2.5' },
      { sopClassUid: 'CT', transferSyntaxUid: '1.2.840.10008.1.2.1' },
      { sopClassUid: 'CT', transferSyntaxUid: '1.2.840.10008.1.2' },
      { sopClassUid: 'MR', transferSyntaxUid: '1.2.840.10008.1.2.4.90' },
      { sopClassUid: 'MR', transferSyntaxUid: '1.2.840.10008.1.2.1' },
      { sopClassUid: 'MR', transferSyntaxUid: '1.2.840.10008.1.2' },
      { sopClassUid: 'SR', transferSyntaxUid: '1.2.840.10008.1.2' },
    ]);
  });
});
