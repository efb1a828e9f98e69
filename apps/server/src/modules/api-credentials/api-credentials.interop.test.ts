/**
 * A real Orthanc reaches Rangsi's DICOMweb with an API credential, as a hospital PACS would: its DicomWeb `Servers`
 * entry carries the credential's key id and secret as Username and Password (HTTP Basic), and its own DICOMweb client
 * stores (STOW-RS), finds (QIDO-RS) and retrieves (WADO-RS) through it. A wrong password and a revoked credential open
 * nothing.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index';
import { writeTemp } from '../../dicom/testing/build-dicom';
import { corpusPath, withFreshUids } from '../../dicom/testing/corpus';
import { startOrthanc, type OrthancPeer } from '../../dicom/testing/orthanc-peer';
import { startRangsi, type RangsiPeer } from '../../dicom/testing/rangsi-peer';
import { readInstance } from '../../dicom/parse/read-instance';

type DicomJson = Record<string, { Value?: unknown[] }>[];

describe('Orthanc calling Rangsi with an API credential (HTTP Basic)', () => {
  let rangsi: RangsiPeer;
  let orthanc: OrthancPeer;
  let admin: string;
  let credentialId: string;

  /** A corpus image with fresh UIDs, and its study's UID. */
  const freshImage = async () => {
    const bytes = withFreshUids(fs.readFileSync(corpusPath('CT_small.dcm')));
    const read = await readInstance(writeTemp(bytes));
    if (!read.ok) throw new Error(read.reason);
    return { bytes, study: read.info.studyInstanceUid, sop: read.info.sopInstanceUid };
  };
  /** QIDO-RS through Orthanc's DICOMweb client, against one of its configured servers. */
  const qido = (server: string, study: string) =>
    orthanc.rest('POST', `/dicom-web/servers/${server}/get`, {
      Uri: '/studies',
      Arguments: { StudyInstanceUID: study },
    });

  beforeAll(async () => {
    rangsi = await startRangsi();
    admin = await rangsi.sut.login('admin');
    const made = await rangsi.sut.app.inject({
      method: 'POST',
      url: '/api/admin/api-credentials',
      headers: { cookie: admin },
      payload: { name: 'Orthanc PACS', roleName: 'Staff', scope: 'all' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { credential, username, password } = made.json().data;
    credentialId = credential.id;
    const url = `${rangsi.httpUrl}/dicomweb/`;
    orthanc = await startOrthanc({
      dicomWebServers: {
        rangsi: { Url: url, Username: username, Password: password },
        wrong: { Url: url, Username: username, Password: 'x'.repeat(43) },
      },
    });
  });
  afterAll(async () => {
    await orthanc?.stop();
    await rangsi?.stop();
  });

  it('stores an image in Rangsi with STOW-RS and finds its study with QIDO-RS', async () => {
    const image = await freshImage();
    const uploaded = await orthanc.rest('POST', '/instances', image.bytes);
    expect(uploaded.status, uploaded.text()).toBe(200);
    const stow = await orthanc.rest('POST', '/dicom-web/servers/rangsi/stow', {
      Resources: [uploaded.json<{ ID: string }>().ID],
    });
    expect(stow.status, stow.text()).toBe(200);

    const found = await qido('rangsi', image.study);
    expect(found.status, found.text()).toBe(200);
    const studies = found.json<DicomJson>();
    expect(studies.map((s) => s['0020000D']?.Value?.[0])).toEqual([image.study]);
    expect(studies[0]!['00201208']?.Value?.[0]).toBe(1);

    const rows = await rangsi.sut.database.db.select().from(auditLog).where(eq(auditLog.actorId, 'Orthanc PACS'));
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['dicom.store', 'dicom.search.study']));
    expect(rows.every((r) => r.actorType === 'system' && r.userId === null)).toBe(true);
  });

  it('retrieves with WADO-RS a study Orthanc never had', async () => {
    const image = await freshImage();
    const stored = await rangsi.sut.services.archive.ingestFile(writeTemp(image.bytes), { source: 'TEST' });
    expect(stored.status).toBe('stored');
    const before = await orthanc.rest('POST', '/tools/find', {
      Level: 'Instance',
      Query: { SOPInstanceUID: image.sop },
    });
    expect(before.json()).toEqual([]);

    const retrieve = await orthanc.rest('POST', '/dicom-web/servers/rangsi/retrieve', {
      Resources: [{ Study: image.study }],
    });
    expect(retrieve.status, retrieve.text()).toBe(200);
    const after = await orthanc.rest('POST', '/tools/find', {
      Level: 'Instance',
      Query: { SOPInstanceUID: image.sop },
      Expand: true,
    });
    const instances = after.json<{ MainDicomTags: { SOPInstanceUID: string } }[]>();
    expect(instances.map((i) => i.MainDicomTags.SOPInstanceUID)).toEqual([image.sop]);
  });

  it('is refused with a wrong password, and once the credential is revoked', async () => {
    const image = await freshImage();
    await rangsi.sut.services.archive.ingestFile(writeTemp(image.bytes), { source: 'TEST' });
    expect((await qido('rangsi', image.study)).status).toBe(200);
    const wrong = await qido('wrong', image.study);
    expect(wrong.status).not.toBe(200);
    expect(wrong.text()).toContain('401');

    const revoked = await rangsi.sut.app.inject({
      method: 'POST',
      url: `/api/admin/api-credentials/${credentialId}/revoke`,
      headers: { cookie: admin },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const after = await qido('rangsi', image.study);
    expect(after.status).not.toBe(200);
    expect(after.text()).toContain('401');
  });
});
