/**
 * A deflate bomb over DICOM (issue 23 item 3): sent anonymously by C-STORE it froze every user while it was inflated
 * on the event loop, and was stored. Now refused with Out of Resources and a comment; the association goes on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dicomInstances } from '../../db/schema/index';
import { buildDeflateBomb, buildDeflated, datasetStart, DEFLATED_TS } from '../testing/deflated';
import { withLoopDelay } from '../testing/event-loop';
import { openArchiveFixture, type ArchiveFixture } from './test/archive-fixture';
import { run, storeResults } from './test/dcmtk';
import { startListener, tempFiles, type Harness } from './test/harness';
import { RawScu } from './test/raw-scu';
import { Status } from '../uids';

const SECONDARY_CAPTURE = '1.2.840.10008.5.1.4.1.1.7';

describe('a deflate bomb sent by C-STORE to the real archive', () => {
  let fx: ArchiveFixture;
  let h: Harness;
  const rowsOf = (sop: string) =>
    fx.database.db.select().from(dicomInstances).where(eq(dicomInstances.sopInstanceUid, sop));

  beforeAll(async () => {
    fx = await openArchiveFixture('dimse-bomb');
    h = await startListener({ archive: fx.archive });
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await fx.close();
  });

  it('storescu: the bomb is refused with a comment, the image after it on the same association is stored', async () => {
    // 64 MiB of zeros (storescu inflates and deflates again whatever it sends), then an ordinary deflated image.
    const bomb = buildDeflateBomb({ rows: 512, columns: 1024, frames: 128 });
    const image = buildDeflated({ rows: 64, columns: 64 });
    const bombFile = path.join(fx.dataDir, 'bomb.dcm');
    const imageFile = path.join(fx.dataDir, 'image.dcm');
    fs.writeFileSync(bombFile, bomb.bytes);
    fs.writeFileSync(imageFile, image.bytes);
    const r = await run('storescu', [
      '-v',
      '-nh',
      '-aec',
      'RANGSI',
      '-aet',
      'ANYONE',
      '-xd',
      '127.0.0.1',
      String(h.listener.port),
      bombFile,
      imageFile,
    ]);
    const results = storeResults(r.stdout + r.stderr);
    expect(results.get('bomb.dcm')).toMatch(/^Refused: OutOfResources/);
    expect(results.get('image.dcm')).toBe('success');
    expect((r.stdout + r.stderr).match(/Association Accepted/g)).toHaveLength(1);
    expect(await rowsOf(bomb.sopUid)).toEqual([]);
    expect(await rowsOf(image.sopUid)).toHaveLength(1);
    expect(tempFiles(h)).toEqual([]);
  });

  it('500 MiB of zeros sent verbatim: refused once past its limit, never holding the event loop; the association goes on', async () => {
    const bomb = buildDeflateBomb({ rows: 512, columns: 1024, frames: 1000, sopClassUid: SECONDARY_CAPTURE });
    const image = buildDeflated({ sopClassUid: SECONDARY_CAPTURE });
    const scu = await RawScu.connect(h.listener.port);
    await scu.associate('ANYONE', 'RANGSI', [
      { id: 1, abstractSyntax: SECONDARY_CAPTURE, transferSyntaxes: [DEFLATED_TS] },
    ]);
    const { result, maxDelayMs } = await withLoopDelay(() =>
      scu.store(1, SECONDARY_CAPTURE, bomb.sopUid, bomb.bytes.subarray(datasetStart(bomb.bytes))),
    );
    expect(result).toMatchObject({
      status: Status.OutOfResources,
      errorComment: expect.stringMatching(/^deflated data set inflates past its limit of \d+ MiB$/),
    });
    expect(maxDelayMs).toBeLessThan(200);
    const next = await scu.store(1, SECONDARY_CAPTURE, image.sopUid, image.bytes.subarray(datasetStart(image.bytes)), {
      messageId: 2,
    });
    expect(next).toMatchObject({ status: Status.Success, errorComment: '' });
    await scu.release();
    expect(await rowsOf(bomb.sopUid)).toEqual([]);
    expect(await rowsOf(image.sopUid)).toHaveLength(1);
    expect(tempFiles(h)).toEqual([]);
  });
});
