/**
 * The interop harness itself: a real Orthanc reaches Rangsi over DIMSE (C-ECHO, C-STORE) and finds what it stored
 * through its own DICOMweb client (QIDO-RS), as an Orthanc at a hospital would.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPath, withFreshUids } from './corpus';
import { startOrthanc, type OrthancPeer } from './orthanc-peer';
import { startRangsi, type RangsiPeer } from './rangsi-peer';
import { readInstance } from '../parse/read-instance';
import { writeTemp } from './build-dicom';

describe('Orthanc beside Rangsi', () => {
  let rangsi: RangsiPeer;
  let orthanc: OrthancPeer;

  beforeAll(async () => {
    rangsi = await startRangsi();
    const cookie = await rangsi.sut.login('admin');
    orthanc = await startOrthanc({
      dicomModalities: { rangsi: [rangsi.aet, '127.0.0.1', rangsi.dicomPort] },
      dicomWebServers: { rangsi: { Url: `${rangsi.httpUrl}/dicomweb/`, HttpHeaders: { Cookie: cookie } } },
    });
  });
  afterAll(async () => {
    await orthanc?.stop();
    await rangsi?.stop();
  });

  it('verifies Rangsi with C-ECHO', async () => {
    const res = await orthanc.rest('POST', '/modalities/rangsi/echo', {});
    expect(res.status, res.text()).toBe(200);
  });

  it('stores an instance in Rangsi by C-STORE and finds its study with QIDO-RS', async () => {
    const bytes = withFreshUids(fs.readFileSync(corpusPath('CT_small.dcm')));
    const read = await readInstance(writeTemp(bytes));
    if (!read.ok) throw new Error(read.reason);
    const studyUid = read.info.studyInstanceUid;
    const uploaded = await orthanc.rest('POST', '/instances', bytes);
    expect(uploaded.status, uploaded.text()).toBe(200);
    const { ID } = uploaded.json<{ ID: string }>();

    const store = await orthanc.rest('POST', '/modalities/rangsi/store', { Resources: [ID], Synchronous: true });
    expect(store.status, store.text()).toBe(200);
    expect(store.json()).toMatchObject({ InstancesCount: 1, FailedInstancesCount: 0 });

    const qido = await orthanc.rest('POST', '/dicom-web/servers/rangsi/get', {
      Uri: '/studies',
      Arguments: { StudyInstanceUID: studyUid },
    });
    expect(qido.status, qido.text()).toBe(200);
    const studies = qido.json<Record<string, { Value?: unknown[] }>[]>();
    expect(studies.map((s) => s['0020000D']?.Value?.[0])).toEqual([studyUid]);
    expect(studies[0]!['00201208']?.Value?.[0]).toBe(1);
  });
});
