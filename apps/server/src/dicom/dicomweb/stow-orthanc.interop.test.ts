/**
 * Issue 27 item 1: Orthanc's own DICOMweb client stores in Rangsi by STOW-RS. Its multipart boundary is two UUIDs
 * joined by a dash, 73 characters, beyond RFC 2046's 70.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPath, withFreshUids } from '../testing/corpus';
import { startOrthanc, type OrthancPeer } from '../testing/orthanc-peer';
import { startRangsi, type RangsiPeer } from '../testing/rangsi-peer';

describe('STOW-RS from Orthanc', () => {
  let rangsi: RangsiPeer;
  let orthanc: OrthancPeer;
  let cookie: string;

  beforeAll(async () => {
    rangsi = await startRangsi();
    cookie = await rangsi.sut.login('admin');
    orthanc = await startOrthanc({
      dicomWebServers: { rangsi: { Url: `${rangsi.httpUrl}/dicomweb/`, HttpHeaders: { Cookie: cookie } } },
    });
  });
  afterAll(async () => {
    await orthanc?.stop();
    await rangsi?.stop();
  });

  it('stores a study Orthanc sends, and gives the same bytes back', async () => {
    const files = ['CT_small.dcm', 'MR_small.dcm'].map((f) => withFreshUids(fs.readFileSync(corpusPath(f))));
    const ids: string[] = [];
    for (const bytes of files) {
      const up = await orthanc.rest('POST', '/instances', bytes);
      expect(up.status, up.text()).toBe(200);
      ids.push(up.json<{ ID: string }>().ID);
    }
    const tags = await orthanc.rest('GET', `/instances/${ids[0]}/simplified-tags`);
    const { StudyInstanceUID, SeriesInstanceUID, SOPInstanceUID } = tags.json<Record<string, string>>();

    const stow = await orthanc.rest('POST', '/dicom-web/servers/rangsi/stow', { Resources: ids });
    expect(stow.status, stow.text()).toBe(200);

    const back = await fetch(
      `${rangsi.httpUrl}/dicomweb/studies/${StudyInstanceUID}/series/${SeriesInstanceUID}/instances/${SOPInstanceUID}`,
      { headers: { cookie, accept: 'multipart/related; type="application/dicom"; transfer-syntax=*' } },
    );
    expect(back.status).toBe(200);
    const body = Buffer.from(await back.arrayBuffer());
    expect(body.includes(files[0]!)).toBe(true);
    const qido = await fetch(`${rangsi.httpUrl}/dicomweb/studies?StudyInstanceUID=${StudyInstanceUID}`, {
      headers: { cookie },
    });
    expect(((await qido.json()) as unknown[]).length).toBe(1);
  });
});
