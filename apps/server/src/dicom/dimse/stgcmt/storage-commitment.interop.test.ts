/**
 * Storage Commitment with a real third-party SCU: Orthanc stores instances in Rangsi by C-STORE, then asks Rangsi to
 * commit to them (and to one it never sent) through its Storage Commitment SCU; Orthanc's own reading of Rangsi's
 * N-EVENT-REPORT says what was committed. Orthanc releases its association right after the N-ACTION-RSP and takes the
 * result only on an association of Rangsi's (its DICOM port listed in DICOM_MOVE_DESTINATIONS): without that entry
 * the transaction stays Pending. So this is the new-association path, with the SCP role DCMTK's SCP accepts.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPath, withFreshUids } from '../../testing/corpus';
import { freePort, startOrthanc, type OrthancPeer } from '../../testing/orthanc-peer';
import { startRangsi, type RangsiPeer } from '../../testing/rangsi-peer';
import { readInstance } from '../../parse/read-instance';
import { writeTemp } from '../../testing/build-dicom';
import { until } from '../test/harness';

interface CommitmentStatus {
  Status: string;
  Success?: { SOPClassUID: string; SOPInstanceUID: string }[];
  Failures?: { SOPClassUID: string; SOPInstanceUID: string; FailureReason: number }[];
}

describe('Storage Commitment asked by Orthanc', () => {
  let rangsi: RangsiPeer;
  let orthanc: OrthancPeer;

  beforeAll(async () => {
    // Rangsi must know where Orthanc listens before Orthanc knows where Rangsi does: the port is chosen first.
    const orthancPort = await freePort();
    rangsi = await startRangsi({ env: { DICOM_MOVE_DESTINATIONS: `ORTHANC@127.0.0.1:${orthancPort}` } });
    orthanc = await startOrthanc({
      dicomModalities: { rangsi: [rangsi.aet, '127.0.0.1', rangsi.dicomPort] },
      extra: { DicomPort: orthancPort },
    });
  });
  afterAll(async () => {
    await orthanc?.stop();
    await rangsi?.stop();
  });

  it('commits to what Rangsi stored and reports the instance it never received as failed', async () => {
    const bytes = withFreshUids(fs.readFileSync(corpusPath('CT_small.dcm')));
    const read = await readInstance(writeTemp(bytes));
    if (!read.ok) throw new Error(read.reason);
    const uploaded = await orthanc.rest('POST', '/instances', bytes);
    expect(uploaded.status, uploaded.text()).toBe(200);
    const store = await orthanc.rest('POST', '/modalities/rangsi/store', {
      Resources: [uploaded.json<{ ID: string }>().ID],
      Synchronous: true,
    });
    expect(store.status, store.text()).toBe(200);

    const { sopClassUid, sopInstanceUid } = read.info;
    const missing = `${sopInstanceUid}.99`;
    const asked = await orthanc.rest('POST', '/modalities/rangsi/storage-commitment', {
      DicomInstances: [
        [sopClassUid, sopInstanceUid],
        [sopClassUid, missing],
      ],
      Timeout: 10,
    });
    expect(asked.status, asked.text()).toBe(200);
    const { Path } = asked.json<{ Path: string }>();

    let result: CommitmentStatus = { Status: 'Pending' };
    await until(async () => {
      result = (await orthanc.rest('GET', Path)).json<CommitmentStatus>();
      return result.Status !== 'Pending';
    }, 15_000);
    expect(result).toMatchObject({
      Status: 'Failure',
      Success: [{ SOPClassUID: sopClassUid, SOPInstanceUID: sopInstanceUid }],
      Failures: [{ SOPClassUID: sopClassUid, SOPInstanceUID: missing, FailureReason: 0x0112 }],
    });
  });
});
