import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditService } from '../../../audit/audit.service';
import { testUid } from '../../testing/build-dicom';
import { parseBytes } from '../../thumbnails/decode-frame';
import { TS } from '../../uids';
import { dimse, type DimseCGetResponse, type DimseCStoreRequest, type DimseCStoreResponse } from '../lib';
import { openArchiveFixture, pixelDataOf, type ArchiveFixture } from '../test/archive-fixture';
import { run } from '../test/dcmtk';
import { startListener, type Harness } from '../test/harness';
import { mixedInstances, undecodableInstance, type MixedInstance } from '../test/mixed-study';
import { receivedFiles, startStoreScp, type StoreScp } from '../test/storescp';
import { ArchiveGet } from './archive-get';

const WORKSTATION = 'READING_WS';
const DEFLATE = '1.2.840.10008.1.2.1.99';

/** What dcmtk prints of a final C-GET or C-MOVE response's Failed SOP Instance UID List (getscu and movescu -d). */
function failedList(output: string): string[] {
  const m = /\(0008,0058\) UI \[([^\]]*)\]/.exec(output);
  return m ? m[1]!.split('\\').filter(Boolean) : [];
}

describe('C-GET and C-MOVE of a study stored in every syntax, to peers that take only some (dcmtk)', () => {
  let fixture: ArchiveFixture;
  let h: Harness;
  let plain: StoreScp;
  let noDeflate: StoreScp;
  const study = testUid();
  const good = testUid();
  const bad = testUid();
  let images: MixedInstance[];
  let broken: MixedInstance;

  /** Every good image arrived uncompressed (in one of `syntaxes`), its pixels as dcmtk decodes the stored file. */
  const expectAllDecodedEqual = async (files: Map<string, Buffer>, syntaxes: string[] = [TS.explicitLE]) => {
    expect([...files.keys()].sort()).toEqual(images.map((i) => i.sopInstanceUid).sort());
    for (const image of images) {
      const received = files.get(image.sopInstanceUid)!;
      expect(syntaxes, image.name).toContain(parseBytes(received).ts);
      // dcmtk reads what we sent, to its end.
      const copy = path.join(fixture.dataDir, 'check.dcm');
      fs.writeFileSync(copy, received);
      expect((await run('dcmdump', ['-q', '-E', copy])).code, image.name).toBe(0);
      expect(pixelDataOf(received).equals(image.pixels), image.name).toBe(true);
    }
  };

  beforeAll(async () => {
    fixture = await openArchiveFixture('qr-syntax');
    const dir = path.join(fixture.dataDir, 'in');
    images = await mixedInstances(dir, study, good);
    broken = await undecodableInstance(dir, study, bad);
    for (const i of [...images, broken])
      expect((await fixture.archive.ingestBytes(i.bytes, { source: 'TEST' })).status, i.name).toBe('stored');
    expect(new Set(images.map((i) => i.storedSyntax)).size).toBe(images.length - 1);
    // Implicit VR little endian only: every other syntax has to be rewritten into it.
    plain = await startStoreScp('VIEWER_PLAIN', path.join(fixture.dataDir, 'plain'), ['+xi']);
    noDeflate = await startStoreScp('VIEWER_NODFL', path.join(fixture.dataDir, 'nodfl'), ['+xe']);
    h = await startListener({
      retrieve: new ArchiveGet(fixture.database.db, fixture.archive, new AuditService(fixture.database.db)),
      queryAeTitles: [WORKSTATION],
      moveDestinations: [
        { aeTitle: 'VIEWER_PLAIN', host: '127.0.0.1', port: plain.port },
        { aeTitle: 'VIEWER_NODFL', host: '127.0.0.1', port: noDeflate.port },
      ],
    });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await plain?.stop();
    await noDeflate?.stop();
    await fixture?.close();
  });

  const getscu = async (extra: string[], keys: string[]) => {
    const out = fs.mkdtempSync(path.join(fixture.dataDir, 'get-'));
    const args = ['-d', '-S', '-aet', WORKSTATION, '-aec', 'RANGSI', ...extra, '-od', out];
    for (const k of keys) args.push('-k', k);
    const r = await run('getscu', [...args, '127.0.0.1', String(h.listener.port)]);
    const files = new Map<string, Buffer>();
    for (const name of fs.readdirSync(out))
      files.set(name.replace(/^[A-Z]{2}\./, ''), fs.readFileSync(path.join(out, name)));
    return { code: r.code, output: r.stdout + r.stderr, files };
  };
  /**
   * A study C-GET by dcmjs-dimse (it proposes implicit VR first, the SCP role on one context per storage class), with
   * `extra` contexts after those: the final response's status and failed list, and each image's transfer syntax.
   */
  const dcmjsGet = async (extra: { sopClassUid: string; transferSyntaxUid: string }[] = []) => {
    const client = new dimse.Client();
    const request = dimse.requests.CGetRequest.createStudyGetRequest(study);
    request.setAddStorageSopClassesToAssociation(true);
    for (const c of extra)
      client.addAdditionalPresentationContext(
        new dimse.association.PresentationContext(0, c.sopClassUid, c.transferSyntaxUid),
        true,
      );
    let final: { status: number; failed: unknown } = { status: -1, failed: undefined };
    const received = new Map<string, string>();
    request.on('response', (r: DimseCGetResponse) => {
      if (r.getStatus() !== 0xff00)
        final = { status: r.getStatus(), failed: r.getDataset()?.getElement('FailedSOPInstanceUIDList') };
    });
    client.on('cStoreRequest', (req: DimseCStoreRequest, callback: (r: DimseCStoreResponse) => void) => {
      received.set(req.getAffectedSopInstanceUid(), req.getDataset()?.getTransferSyntaxUid() ?? '');
      const answer = dimse.responses.CStoreResponse.fromRequest(req);
      answer.setStatus(0x0000);
      callback(answer);
    });
    client.addRequest(request);
    const closed = new Promise<void>((resolve) => client.on('closed', () => resolve()));
    client.send('127.0.0.1', h.listener.port, WORKSTATION, 'RANGSI');
    await closed;
    return { status: final.status, failed: [final.failed].flat(), received };
  };
  const movescu = async (destination: string, keys: string[]) => {
    const args = ['-d', '-S', '-aet', WORKSTATION, '-aec', 'RANGSI', '-aem', destination];
    for (const k of keys) args.push('-k', k);
    const r = await run('movescu', [...args, '127.0.0.1', String(h.listener.port)]);
    return { code: r.code, output: r.stdout + r.stderr };
  };

  it('getscu +xv (JPEG 2000 first, uncompressed also proposed): every image arrives, decoded as dcmtk decodes it', async () => {
    const r = await getscu(
      ['+xv'],
      ['QueryRetrieveLevel=SERIES', `StudyInstanceUID=${study}`, `SeriesInstanceUID=${good}`],
    );
    expect(r.output).toContain('DIMSE status is: Success');
    expect(r.output).toMatch(new RegExp(`Number of Completed Suboperations : ${images.length}\\b`));
    await expectAllDecodedEqual(r.files);
  });

  it('lists the image it cannot send in the Failed SOP Instance UID List of a Warning (B000) final C-GET response', async () => {
    const r = await getscu(['+xv'], ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${study}`]);
    expect(r.output).toMatch(/Data Set\s*: present\nD: DIMSE Status\s*: 0xb000: Warning/);
    expect(r.output).toMatch(/Number of Failed Suboperations\s*: 1\b/);
    await expectAllDecodedEqual(r.files);
    // getscu does not print the identifier; dcmjs-dimse, as the workstation, reads it.
    const final = await dcmjsGet();
    expect(final.status).toBe(0xb000);
    expect(final.failed).toEqual([broken.sopInstanceUid]);
  });

  it('sends an image as stored on a second context of its class that took its syntax (the SCP role is per SOP class)', async () => {
    // dcmjs-dimse marks the role on the first MR context only; the JPEG 2000 one comes after it.
    const j2k = images.find((i) => i.storedSyntax === TS.jpeg2000Lossless)!;
    const mr = '1.2.840.10008.5.1.4.1.1.4';
    const r = await dcmjsGet([{ sopClassUid: mr, transferSyntaxUid: TS.jpeg2000Lossless }]);
    expect(r.received.get(j2k.sopInstanceUid)).toBe(TS.jpeg2000Lossless);
    const others = images.filter((i) => i !== j2k);
    for (const i of others) expect(r.received.get(i.sopInstanceUid), i.name).toBe(TS.implicitLE);
    expect(r.failed).toEqual([broken.sopInstanceUid]);
  });

  it('getscu +xe (no deflate proposed): every image arrives, the deflated one inflated', async () => {
    // getscu proposes deflate only when told to (+xd).
    const r = await getscu(
      ['+xe'],
      ['QueryRetrieveLevel=SERIES', `StudyInstanceUID=${study}`, `SeriesInstanceUID=${good}`],
    );
    expect(r.output).toContain('DIMSE status is: Success');
    await expectAllDecodedEqual(r.files);
  });

  it('movescu to a storescp taking implicit VR little endian only: every image arrives decoded; the undecodable one is listed as failed', async () => {
    const r = await movescu('VIEWER_PLAIN', ['QueryRetrieveLevel=STUDY', `StudyInstanceUID=${study}`]);
    expect(r.output).toMatch(/Received Final Move Response\n(D: .*\n)*D: DIMSE Status\s*: 0xb000: Warning/);
    expect(failedList(r.output)).toEqual([broken.sopInstanceUid]);
    await expectAllDecodedEqual(receivedFiles(plain.dir), [TS.implicitLE]);
  });

  it('movescu to a storescp that does not take deflate: the deflated image goes inflated, pixels unchanged', async () => {
    const deflated = images.find((i) => i.storedSyntax === DEFLATE)!;
    const r = await movescu('VIEWER_NODFL', [
      'QueryRetrieveLevel=IMAGE',
      `StudyInstanceUID=${study}`,
      `SeriesInstanceUID=${good}`,
      `SOPInstanceUID=${deflated.sopInstanceUid}`,
    ]);
    expect(r.output).toMatch(/Received Final Move Response\n(D: .*\n)*D: DIMSE Status\s*: 0x0000: Success/);
    const received = receivedFiles(noDeflate.dir).get(deflated.sopInstanceUid)!;
    expect(parseBytes(received).ts).toBe(TS.explicitLE);
    expect(pixelDataOf(received).equals(deflated.pixels)).toBe(true);
  });
});
