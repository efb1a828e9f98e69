import { describe, expect, it } from 'vitest';
import { buildWeasisManifest, escapeAttribute, type WeasisManifest } from './weasis-manifest';
import { attributeValues, schemaErrors, xpathString } from './testing/xmllint';

const base: Omit<WeasisManifest, 'patients'> = {
  uid: '0b6f0c1e-5c1a-4f0e-9a59-5f1b1f9d6a01',
  arcId: 'RANGSI',
  baseUrl: 'https://rangsi.example/dicomweb/wado',
  additionalParameters: '&token=abc-DEF_123',
};

describe(buildWeasisManifest.name, () => {
  it('is valid against Weasis 2.5 schema, Thai and markup characters intact', async () => {
    const name = 'ใจดี^สมหญิง "น้ำ" <&> ปู่';
    const xml = buildWeasisManifest({
      ...base,
      patients: [
        {
          patientId: 'HN<1>&2',
          patientName: name,
          issuerOfPatientId: 'รพ.',
          patientBirthDate: '19750305',
          patientSex: 'f',
          studies: [
            {
              studyInstanceUid: '1.2.3',
              studyDescription: 'CT ช่องท้อง\nพร้อมฉีดสี',
              studyDate: '20250102',
              studyTime: '101500.123456',
              accessionNumber: 'ACC-1',
              studyId: '7',
              referringPhysicianName: 'หมอ^ดี',
              series: [
                {
                  seriesInstanceUid: '1.2.3.1',
                  seriesDescription: 'Axial',
                  seriesNumber: 2,
                  modality: 'CT',
                  instances: [
                    { sopInstanceUid: '1.2.3.1.1', sopClassUid: '1.2.840.10008.5.1.4.1.1.2', instanceNumber: 1 },
                    { sopInstanceUid: '1.2.3.1.2', sopClassUid: null, instanceNumber: null },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(await schemaErrors(xml)).toBeNull();
    expect(await xpathString(xml, "//*[local-name()='Patient']/@PatientName")).toBe(name);
    expect(await xpathString(xml, "//*[local-name()='Patient']/@PatientID")).toBe('HN<1>&2');
    expect(await xpathString(xml, "//*[local-name()='Study']/@StudyDescription")).toBe('CT ช่องท้อง\nพร้อมฉีดสี');
    expect(await xpathString(xml, "//*[local-name()='Patient']/@PatientSex")).toBe('F');
    expect(await xpathString(xml, "//*[local-name()='arcQuery']/@additionnalParameters")).toBe('&token=abc-DEF_123');
    expect(await attributeValues(xml, 'Instance', 'SOPInstanceUID')).toEqual(['1.2.3.1.1', '1.2.3.1.2']);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('leaves out or cuts what the schema cannot hold, and still validates', async () => {
    const long = 'ก'.repeat(70);
    const xml = buildWeasisManifest({
      ...base,
      patients: [
        {
          patientId: 'x'.repeat(80),
          patientName: long,
          issuerOfPatientId: null,
          patientBirthDate: '2025-01-02',
          patientSex: 'U',
          studies: [
            {
              studyInstanceUid: '1.2.4',
              studyDescription: null,
              studyDate: '',
              studyTime: '25:00',
              accessionNumber: 'A'.repeat(20),
              studyId: null,
              referringPhysicianName: null,
              series: [
                {
                  seriesInstanceUid: '1.2.4.1',
                  seriesDescription: null,
                  seriesNumber: 3_000_000_000,
                  modality: 'c-t',
                  instances: [{ sopInstanceUid: '1.2.4.1.1', sopClassUid: 'not-a-uid', instanceNumber: 1 }],
                },
                {
                  seriesInstanceUid: '1.2.4.2',
                  seriesDescription: null,
                  seriesNumber: 1,
                  modality: 'MR',
                  instances: [],
                },
              ],
            },
          ],
        },
        {
          patientId: 'EMPTY',
          patientName: '',
          issuerOfPatientId: null,
          patientBirthDate: null,
          patientSex: null,
          studies: [],
        },
      ],
    });
    expect(await schemaErrors(xml)).toBeNull();
    expect([...(await xpathString(xml, "//*[local-name()='Patient']/@PatientName"))]).toHaveLength(64);
    expect(await attributeValues(xml, 'Series', 'SeriesInstanceUID')).toEqual(['1.2.4.1']);
    expect(await attributeValues(xml, 'Patient', 'PatientID')).toHaveLength(1);
    expect(await attributeValues(xml, 'Study', 'StudyTime')).toEqual([]);
  });

  it('carries a message instead of images', async () => {
    const xml = buildWeasisManifest({
      ...base,
      patients: [],
      message: { title: 'Rangsi', description: 'ยังไม่มีภาพ', severity: 'INFO' },
    });
    expect(await schemaErrors(xml)).toBeNull();
    expect(await xpathString(xml, "//*[local-name()='Message']/@description")).toBe('ยังไม่มีภาพ');
  });

  it('a manifest the schema refuses is reported (the check is real)', async () => {
    const bad = buildWeasisManifest({ ...base, patients: [] }).replace('<arcQuery', '<arcQuery bogus="1"');
    expect(await schemaErrors(bad)).toMatch(/bogus/);
  });

  it('escapes attribute values and drops characters XML cannot carry', () => {
    expect(escapeAttribute('a&b<c>"d"\te\u0001\ud800')).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&#9;e');
  });
});
