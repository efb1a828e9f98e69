import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditService } from '../../../audit/audit.service';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { testUid } from '../../testing/build-dicom';
import { corpusPath } from '../../testing/corpus';
import { run } from '../test/dcmtk';
import { findscuExtracted } from '../test/findscu';
import { startListener, type Harness } from '../test/harness';
import { ArchiveFind } from './archive-find';

const WORKSTATION = 'READING_WS';

/** One file of each modality: the study's ModalitiesInStudy is 29 characters, seven values (issue 27 item 3). */
const STUDY_FILES = [
  'CT_small.dcm',
  'waveform_ecg.dcm',
  'MR_small.dcm',
  'JPEG2000.dcm',
  'rtdose.dcm',
  'rtplan.dcm',
  'test-SR.dcm',
];

interface Stored {
  file: string;
  series: string;
  sop: string;
  /** dcmdump -Un of the stored file: tag → value. */
  dump: Map<string, string>;
}

async function dumpOf(file: string): Promise<Map<string, string>> {
  const r = await run('dcmdump', ['-q', '-Un', '+L', file]);
  const out = new Map<string, string>();
  for (const line of r.stdout.split('\n')) {
    const m = /^\(([0-9a-f]{4},[0-9a-f]{4})\) [A-Z]{2} (?:\[(.*)\]|(\S+))\s+#/.exec(line);
    if (m) out.set(m[1]!, m[2] ?? m[3] ?? '');
  }
  return out;
}

describe('C-FIND answers at every level against QIDO-RS and the stored files (findscu)', () => {
  let sut: TestContext;
  let h: Harness;
  let cookie: string;
  let dir: string;
  const pid = `QRV-${Date.now().toString(36)}`;
  const study = testUid();
  const other = testUid();
  const stored: Stored[] = [];

  const qido = async (url: string) => {
    const r = await sut.app.inject({ url, headers: { cookie, accept: 'application/dicom+json' } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<Record<string, { Value?: unknown[] }>[]>();
  };
  const find = (model: '-S' | '-P', keys: string[]) =>
    findscuExtracted(h.listener.port, WORKSTATION, model, keys, path.join(dir, 'answers'));

  beforeAll(async () => {
    sut = await createTestApp();
    cookie = await sut.login('admin');
    dir = fs.mkdtempSync(path.join(sut.config.DATA_DIR, 'find-'));
    const files = [...STUDY_FILES.map((f) => ({ f, study })), { f: 'CT_small.dcm', study: other }];
    for (const [i, { f, study: s }] of files.entries()) {
      const file = path.join(dir, `${i}-${f}`);
      fs.copyFileSync(corpusPath(f), file);
      const series = testUid();
      const r = await run('dcmodify', [
        ...['-nb', '-gin', '-m', `(0020,000D)=${s}`, '-m', `(0020,000E)=${series}`, '-m', `(0010,0020)=${pid}`],
        file,
      ]);
      expect(r.code, r.stderr).toBe(0);
      const ingested = await sut.services.archive.ingestBytes(fs.readFileSync(file), { source: 'TEST' });
      if (ingested.status === 'refused') throw new Error(`${f}: ${ingested.reason}`);
      if (s === study) stored.push({ file: f, series, sop: ingested.sopInstanceUid, dump: await dumpOf(file) });
    }
    await sut.services.archive.flushCounts();
    h = await startListener({
      query: new ArchiveFind(sut.database.db, new AuditService(sut.database.db)),
      queryAeTitles: [WORKSTATION],
    });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await sut?.close();
  });

  it('STUDY: every value of ModalitiesInStudy, as QIDO gives them; SOPClassesInStudy, RetrieveAETitle and the patient’s study count', async () => {
    const r = await find('-S', [
      'QueryRetrieveLevel=STUDY',
      `PatientID=${pid}`,
      `StudyInstanceUID=${study}`,
      'ModalitiesInStudy',
      'NumberOfStudyRelatedInstances',
      'SOPClassesInStudy',
      'RetrieveAETitle',
      'NumberOfPatientRelatedStudies',
    ]);
    expect(r.final, r.output).toBe('Success');
    expect(r.answers).toHaveLength(1);
    const a = r.answers[0]!;
    const [q] = await qido(`/dicomweb/studies?StudyInstanceUID=${study}`);
    const modalities = q!['00080061']!.Value as string[];
    expect(modalities).toEqual(['CT', 'ECG', 'MR', 'NM', 'RTDOSE', 'RTPLAN', 'SR']);
    expect(a.get('0008,0061')).toBe(modalities.join('\\'));
    expect(a.get('0020,1208')).toBe(String(q!['00201208']!.Value![0]));
    const classes = [...new Set(stored.map((s) => s.dump.get('0008,0016')!))].sort();
    expect(a.get('0008,0062')!.split('\\').sort()).toEqual(classes);
    expect(a.get('0008,0054')).toBe('RANGSI');
    expect(a.get('0020,1200')).toBe('2');
  });

  it('SERIES: each series with its modality and count as QIDO gives them, and RetrieveAETitle', async () => {
    const r = await find('-S', [
      'QueryRetrieveLevel=SERIES',
      `StudyInstanceUID=${study}`,
      'SeriesInstanceUID',
      'Modality',
      'NumberOfSeriesRelatedInstances',
      'RetrieveAETitle',
    ]);
    expect(r.final, r.output).toBe('Success');
    const series = await qido(`/dicomweb/studies/${study}/series`);
    expect(r.answers).toHaveLength(series.length);
    for (const q of series) {
      const uid = String(q['0020000E']!.Value![0]);
      const a = r.answers.find((x) => x.get('0020,000e') === uid)!;
      expect(a.get('0008,0060')).toBe(String(q['00080060']!.Value![0]));
      expect(a.get('0020,1209')).toBe(String(q['00201209']!.Value![0]));
      expect(a.get('0008,0054')).toBe('RANGSI');
    }
  });

  it('IMAGE: ImageType with every value, Rows and Columns, as in the stored file and QIDO', async () => {
    for (const name of ['JPEG2000.dcm', 'CT_small.dcm']) {
      const s = stored.find((x) => x.file === name)!;
      const r = await find('-S', [
        'QueryRetrieveLevel=IMAGE',
        `StudyInstanceUID=${study}`,
        `SeriesInstanceUID=${s.series}`,
        'SOPInstanceUID',
        'SOPClassUID',
        'ImageType',
        'Rows',
        'Columns',
        'RetrieveAETitle',
      ]);
      expect(r.final, r.output).toBe('Success');
      expect(r.answers).toHaveLength(1);
      const a = r.answers[0]!;
      for (const tag of ['0008,0018', '0008,0016', '0008,0008', '0028,0010', '0028,0011'])
        expect(a.get(tag), `${name} ${tag}`).toBe(s.dump.get(tag));
      const [q] = await qido(`/dicomweb/studies/${study}/series/${s.series}/instances?includefield=00080008`);
      expect(a.get('0008,0008')).toBe((q!['00080008']!.Value as string[]).join('\\'));
      expect(a.get('0028,0010')).toBe(String(q!['00280010']!.Value![0]));
      expect(a.get('0028,0011')).toBe(String(q!['00280011']!.Value![0]));
      expect(a.get('0008,0054')).toBe('RANGSI');
    }
    expect(stored.find((x) => x.file === 'JPEG2000.dcm')!.dump.get('0008,0008')).toBe(
      'DERIVED\\PRIMARY\\WHOLE BODY\\EMISSION',
    );
  });

  it('PATIENT (Patient Root): the patient’s studies, series and images, as stored, and RetrieveAETitle', async () => {
    const r = await find('-P', [
      'QueryRetrieveLevel=PATIENT',
      `PatientID=${pid}`,
      'RetrieveAETitle',
      'NumberOfPatientRelatedStudies',
      'NumberOfPatientRelatedSeries',
      'NumberOfPatientRelatedInstances',
    ]);
    expect(r.final, r.output).toBe('Success');
    expect(r.answers).toHaveLength(1);
    const a = r.answers[0]!;
    expect(a.get('0010,0020')).toBe(pid);
    expect(a.get('0020,1200')).toBe('2');
    expect(a.get('0020,1202')).toBe(String(STUDY_FILES.length + 1));
    expect(a.get('0020,1204')).toBe(String(STUDY_FILES.length + 1));
    expect(a.get('0008,0054')).toBe('RANGSI');
  });
});
