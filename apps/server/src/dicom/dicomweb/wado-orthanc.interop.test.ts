/**
 * Issue 27 item 4 as a real DICOMweb client sees it: Orthanc's DICOMweb client retrieves a compressed study from
 * Rangsi (WADO-RS), and reads an uncompressed frame of it with the default frames Accept.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInstance } from '../parse/read-instance';
import { writeTemp } from '../testing/build-dicom';
import { corpusPath, withFreshUids } from '../testing/corpus';
import { multipartParts } from '../testing/multipart';
import { startOrthanc, type OrthancPeer } from '../testing/orthanc-peer';
import { startRangsi, type RangsiPeer } from '../testing/rangsi-peer';
import dicomParser from 'dicom-parser';

describe('WADO-RS from Orthanc', () => {
  let rangsi: RangsiPeer;
  let orthanc: OrthancPeer;
  let uids: { study: string; series: string; sop: string };
  let stored: Buffer;
  const mr = dicomParser.parseDicom(fs.readFileSync(corpusPath('MR_small.dcm')));
  const px = mr.elements.x7fe00010!;
  const mrPixels = Buffer.from(mr.byteArray.subarray(px.dataOffset, px.dataOffset + px.length));

  beforeAll(async () => {
    rangsi = await startRangsi();
    const cookie = await rangsi.sut.login('admin');
    orthanc = await startOrthanc({
      dicomWebServers: { rangsi: { Url: `${rangsi.httpUrl}/dicomweb/`, HttpHeaders: { Cookie: cookie } } },
    });
    stored = withFreshUids(fs.readFileSync(corpusPath('MR_small_jpeg_ls_lossless.dcm')));
    const file = writeTemp(stored);
    const read = await readInstance(file);
    if (!read.ok) throw new Error(read.reason);
    uids = { study: read.info.studyInstanceUid, series: read.info.seriesInstanceUid, sop: read.info.sopInstanceUid };
    expect((await rangsi.sut.services.archive.ingestFile(file, { source: 'TEST' })).status).toBe('stored');
  });
  afterAll(async () => {
    await orthanc?.stop();
    await rangsi?.stop();
  });

  it('retrieves a JPEG-LS study into Orthanc as stored, and gives its client an uncompressed frame by default', async () => {
    const retrieved = await orthanc.rest('POST', '/dicom-web/servers/rangsi/retrieve', {
      Resources: [{ Study: uids.study }],
    });
    expect(retrieved.status, retrieved.text()).toBe(200);
    const found = await orthanc.rest('POST', '/tools/lookup', uids.sop);
    const { ID } = found.json<{ ID: string }[]>()[0]!;
    // Orthanc's client asks for the stored syntax (`transfer-syntax=*`): it gets the file as Rangsi keeps it.
    const file = await orthanc.rest('GET', `/instances/${ID}/file`);
    expect(file.body.equals(stored)).toBe(true);
    const ts = await orthanc.rest('GET', `/instances/${ID}/metadata/TransferSyntax`);
    expect(ts.text()).toBe('1.2.840.10008.1.2.4.80');

    const res = await orthanc.rest('POST', '/dicom-web/servers/rangsi/get', {
      Uri: `/studies/${uids.study}/series/${uids.series}/instances/${uids.sop}/frames/1`,
      HttpHeaders: { Accept: 'multipart/related; type="application/octet-stream"' },
    });
    expect(res.status, res.text()).toBe(200);
    const [frame] = multipartParts(res.body, String(res.headers.get('content-type')));
    expect(frame!.headers).toMatch(/transfer-syntax=1\.2\.840\.10008\.1\.2\.1/);
    expect(frame!.body.equals(mrPixels)).toBe(true);
  });
});
