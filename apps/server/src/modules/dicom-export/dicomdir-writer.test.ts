import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInstance, CT_IMAGE_STORAGE } from '../../dicom/testing/build-dicom';
import {
  buildDicomdir,
  codeString,
  fileIdComponent,
  recordTypeOf,
  type DicomdirFileSet,
  type DicomdirInstance,
} from './dicomdir-writer';
import { dcmdumpDicomdir, pydicomFileSet, recordKey, walkDicomdir } from './testing/read-dicomdir';

const JPEG2000_LOSSLESS = '1.2.840.10008.1.2.4.90';
const SR = '1.2.840.10008.5.1.4.1.1.88.22';

/** A file set of two patients (one with a Thai name), three studies, an SR series, and the files it references. */
function sample(dir: string): DicomdirFileSet {
  const fileSet: DicomdirFileSet = {
    fileSetId: 'acc-2025/001',
    patients: [
      {
        patientId: 'HN0001',
        patientName: 'ใจดี^สมชาย',
        patientBirthDate: '19800101',
        patientSex: 'M',
        studies: [
          {
            studyInstanceUid: '1.2.826.0.1.3680043.10.9.1',
            studyDate: '20250102',
            studyTime: '101500.123',
            studyDescription: 'CT ช่องท้อง',
            studyId: null,
            accessionNumber: 'ACC-1',
            series: [
              {
                seriesInstanceUid: '1.2.826.0.1.3680043.10.9.1.1',
                modality: 'CT',
                seriesNumber: 2,
                seriesDescription: 'Axial',
                instances: [
                  {
                    fileId: ['DICOM', 'ST000001', 'SE000001', 'IM000001'],
                    sopClassUid: CT_IMAGE_STORAGE,
                    sopInstanceUid: '1.2.826.0.1.3680043.10.9.1.1.1',
                    transferSyntaxUid: '1.2.840.10008.1.2.1',
                    instanceNumber: 1,
                  },
                  {
                    fileId: ['DICOM', 'ST000001', 'SE000001', 'IM000002'],
                    sopClassUid: CT_IMAGE_STORAGE,
                    sopInstanceUid: '1.2.826.0.1.3680043.10.9.1.1.2',
                    transferSyntaxUid: JPEG2000_LOSSLESS,
                    instanceNumber: 2,
                  },
                ],
              },
              {
                seriesInstanceUid: '1.2.826.0.1.3680043.10.9.1.2',
                modality: 'sr',
                seriesNumber: null,
                instances: [
                  {
                    fileId: ['DICOM', 'ST000001', 'SE000002', 'IM000001'],
                    sopClassUid: SR,
                    sopInstanceUid: '1.2.826.0.1.3680043.10.9.1.2.1',
                    transferSyntaxUid: '1.2.840.10008.1.2.1',
                    instanceNumber: null,
                  },
                ],
              },
            ],
          },
          {
            studyInstanceUid: '1.2.826.0.1.3680043.10.9.2',
            studyDate: null,
            studyTime: 'garbage',
            studyDescription: null,
            studyId: 'S2',
            accessionNumber: null,
            series: [
              {
                seriesInstanceUid: '1.2.826.0.1.3680043.10.9.2.1',
                modality: null,
                seriesNumber: 1,
                instances: [
                  {
                    fileId: ['DICOM', 'ST000002', 'SE000001', 'IM000001'],
                    sopClassUid: '1.2.840.10008.5.1.4.1.1.7',
                    sopInstanceUid: '1.2.826.0.1.3680043.10.9.2.1.1',
                    transferSyntaxUid: '1.2.840.10008.1.2',
                    instanceNumber: 7,
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        patientId: null,
        patientName: 'Back\\slash^Name',
        studies: [
          {
            studyInstanceUid: '1.2.826.0.1.3680043.10.9.3',
            studyDate: '20240229',
            studyTime: '0930',
            studyDescription: 'MR',
            studyId: null,
            accessionNumber: 'ACC-3',
            series: [
              {
                seriesInstanceUid: '1.2.826.0.1.3680043.10.9.3.1',
                modality: 'MR',
                seriesNumber: 3,
                instances: [
                  {
                    fileId: ['DICOM', 'ST000003', 'SE000001', 'IM000001'],
                    sopClassUid: '1.2.840.10008.5.1.4.1.1.4',
                    sopInstanceUid: '1.2.826.0.1.3680043.10.9.3.1.1',
                    transferSyntaxUid: '1.2.840.10008.1.2.1',
                    instanceNumber: 1,
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
  for (const p of fileSet.patients) {
    for (const st of p.studies) {
      for (const se of st.series) {
        for (const i of se.instances) {
          const file = path.join(dir, ...i.fileId);
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(
            file,
            buildInstance({
              studyUid: st.studyInstanceUid,
              seriesUid: se.seriesInstanceUid,
              sopUid: i.sopInstanceUid,
              sopClassUid: i.sopClassUid,
            }).bytes,
          );
        }
      }
    }
  }
  return fileSet;
}

describe('buildDicomdir', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-dicomdir-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('writes a DICOMDIR that dcmdump reads, every offset pointing at a record and every instance reached once', async () => {
    const dir = tempDir();
    const fileSet = sample(dir);
    fs.writeFileSync(path.join(dir, 'DICOMDIR'), buildDicomdir(fileSet));
    const dump = await dcmdumpDicomdir(path.join(dir, 'DICOMDIR'));
    expect(dump.text).toContain('MediaStorageDirectoryStorage');
    expect(dump.text).toContain('(0004,1130) CS [ACC_2025_001]');
    expect(dump.records.map((r) => r.type)).toEqual([
      'PATIENT',
      'STUDY',
      'SERIES',
      'IMAGE',
      'IMAGE',
      'SERIES',
      'SR DOCUMENT',
      'STUDY',
      'SERIES',
      'IMAGE',
      'PATIENT',
      'STUDY',
      'SERIES',
      'IMAGE',
    ]);
    const leaves = walkDicomdir(dump);
    expect(leaves.map((l) => l.fileId)).toEqual([
      'DICOM\\ST000001\\SE000001\\IM000001',
      'DICOM\\ST000001\\SE000001\\IM000002',
      'DICOM\\ST000001\\SE000002\\IM000001',
      'DICOM\\ST000002\\SE000001\\IM000001',
      'DICOM\\ST000003\\SE000001\\IM000001',
    ]);
    expect(leaves[1]!.transferSyntax).toBe('=JPEG2000LosslessOnly');
    // Thai text in UTF-8 with its character set named in the record; a backslash never splits a single value.
    expect(dump.text).toContain('(0008,0005) CS [ISO_IR 192]');
    expect(dump.text).toContain('ใจดี^สมชาย');
    expect(dump.text).toContain('[Back slash^Name]');
    // Type 1 keys the files lack get placeholders, as dcmmkdir's invent mode does.
    expect(dump.text).toContain('(0008,0020) DA [19000101]');
    expect(dump.text).toContain('(0010,0020) LO [UNKNOWN]');
  });

  it('is a file set pydicom opens, each record leading to its file', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'DICOMDIR'), buildDicomdir(sample(dir)));
    const instances = await pydicomFileSet(dir);
    expect(instances.map((i) => i.path).sort()).toEqual([
      'DICOM/ST000001/SE000001/IM000001',
      'DICOM/ST000001/SE000001/IM000002',
      'DICOM/ST000001/SE000002/IM000001',
      'DICOM/ST000002/SE000001/IM000001',
      'DICOM/ST000003/SE000001/IM000001',
    ]);
    expect(instances.find((i) => i.path.endsWith('ST000002/SE000001/IM000001'))?.sopInstanceUid).toBe(
      '1.2.826.0.1.3680043.10.9.2.1.1',
    );
  });

  it('gives a record the Type 1 keys its file lacks as placeholders, and names UTF-8 where a key needs it', async () => {
    const dir = tempDir();
    const instance = (n: number, sopClassUid: string, attributes: DicomdirInstance['attributes']) => ({
      fileId: ['DICOM', `IM00000${n}`],
      sopClassUid,
      sopInstanceUid: `1.2.826.0.1.3680043.10.9.9.${n}`,
      transferSyntaxUid: '1.2.840.10008.1.2.1',
      instanceNumber: n,
      attributes,
    });
    const file = path.join(dir, 'DICOMDIR');
    fs.writeFileSync(
      file,
      buildDicomdir({
        fileSetId: 'KEYS',
        descriptorFileId: ['README'],
        patients: [
          {
            patientId: 'P',
            patientName: 'A^B',
            studies: [
              {
                studyInstanceUid: '1.2.826.0.1.3680043.10.9.9',
                studyDate: '20250101',
                studyTime: '1200',
                studyDescription: null,
                studyId: '1',
                accessionNumber: null,
                series: [
                  {
                    seriesInstanceUid: '1.2.826.0.1.3680043.10.9.9.0',
                    modality: 'SR',
                    seriesNumber: 1,
                    instances: [
                      instance(1, SR, null),
                      instance(2, SR, {
                        '0040A043': {
                          vr: 'SQ',
                          Value: [
                            {
                              '00080100': { vr: 'SH', Value: ['18748-4'] },
                              '00080102': { vr: 'SH', Value: ['LN'] },
                              '00080104': { vr: 'LO', Value: ['รายงานผลรังสี'] },
                            },
                          ],
                        },
                      }),
                      instance(3, '1.2.840.10008.5.1.4.1.1.481.2', { '3004000A': { vr: 'CS', Value: ['plan'] } }),
                      instance(4, '1.2.840.10008.5.1.4.1.1.481.5', null),
                    ],
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    const dump = await dcmdumpDicomdir(file);
    expect(dump.text).toContain('(0004,1141) CS [README]');
    const [bare, titled, dose, plan] = walkDicomdir(dump);
    // Nothing in the file: the record claims neither completeness nor verification, and dates as dcmmkdir invents them.
    expect([recordKey(bare!, '0040,A491'), recordKey(bare!, '0040,A493')]).toEqual(['PARTIAL', 'UNVERIFIED']);
    expect([recordKey(bare!, '0008,0023'), recordKey(bare!, '0008,0033')]).toEqual(['19000101', '000000']);
    expect(recordKey(bare!, '0008,0005')).toBeNull();
    expect(recordKey(titled!, '0008,0104')).toBe('รายงานผลรังสี');
    expect(recordKey(titled!, '0008,0005')).toBe('ISO_IR 192');
    expect(recordKey(dose!, '3004,000A')).toBe('PLAN');
    expect(recordKey(plan!, '300A,0002')).toBe('UNKNOWN');
    expect(plan!.lines.some((l) => l.includes('(300a,0006) DA (no value available)'))).toBe(true);
  });

  it('refuses a file ID the media layout does not allow', () => {
    const bad = (fileId: string[]) => () =>
      buildDicomdir({
        fileSetId: '',
        patients: [
          {
            patientId: 'P',
            patientName: '',
            studies: [
              {
                studyInstanceUid: '1.2.3',
                studyDate: null,
                studyTime: null,
                studyDescription: null,
                studyId: null,
                accessionNumber: null,
                series: [
                  {
                    seriesInstanceUid: '1.2.3.4',
                    modality: 'OT',
                    seriesNumber: 1,
                    instances: [
                      {
                        fileId,
                        sopClassUid: '1.2',
                        sopInstanceUid: '1.2.3.4.5',
                        transferSyntaxUid: '1.2.840.10008.1.2.1',
                        instanceNumber: 1,
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      });
    expect(bad(['DICOM', 'toolong123'])).toThrow(/file ID/);
    expect(bad(['DICOM', 'lower'])).toThrow(/file ID/);
    expect(bad(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'])).toThrow(/file ID/);
    expect(bad(['DICOM', 'IM000001'])).not.toThrow();
  });

  it('names components, record types and code strings as the standard spells them', () => {
    expect(fileIdComponent('IM', 12)).toBe('IM000012');
    expect(() => fileIdComponent('IM', 1_000_000)).toThrow(RangeError);
    expect(recordTypeOf(CT_IMAGE_STORAGE)).toBe('IMAGE');
    expect(recordTypeOf('1.2.840.10008.5.1.4.1.1.88.59')).toBe('KEY OBJECT DOC');
    expect(recordTypeOf('1.2.840.10008.5.1.4.1.1.11.1')).toBe('PRESENTATION');
    expect(recordTypeOf('1.2.840.10008.5.1.4.1.1.104.1')).toBe('ENCAP DOC');
    expect(recordTypeOf('1.2.840.10008.5.1.4.1.1.481.3')).toBe('RT STRUCTURE SET');
    expect(codeString('ct-ab/เอ')).toBe('CT_AB___');
    expect(codeString('x'.repeat(40))).toHaveLength(16);
  });
});
