import type { Dataset, GeneratedSyntax } from './part10';
import { uidFrom } from './uid';

/** The patient as the images carry it (PS3.3 C.7.1.1). */
export interface GeneratedPatient {
  /** PN as written: 'Family^Given^Middle^Prefix', groups '=' (alphabetic=ideographic); UTF-8 (ISO_IR 192). */
  name: string;
  id: string;
  /** YYYYMMDD */
  birthDate?: string | null;
  sex?: 'M' | 'F' | 'O' | null;
}

/** The study the images belong to (PS3.3 C.7.2.1). */
export interface GeneratedStudy {
  studyInstanceUid: string;
  accessionNumber?: string | null;
  /** YYYYMMDD */
  date: string;
  /** HHMMSS */
  time: string;
  description?: string | null;
  /** SH, at most 16 characters. */
  studyId?: string | null;
  referringPhysicianName?: string | null;
  institutionName?: string | null;
  stationName?: string | null;
}

export interface GenerateOptions {
  patient: GeneratedPatient;
  study: GeneratedStudy;
  /** Pixel data as native explicit VR little endian (default) or RLE Lossless. */
  syntax?: GeneratedSyntax;
  /** Varies the noise and details; the same seed gives the same pixels. Defaults to the study UID. */
  seed?: string;
}

/** One generated Part-10 instance. */
export interface GeneratedInstance {
  sopClassUid: string;
  sopInstanceUid: string;
  seriesInstanceUid: string;
  instanceNumber: number;
  bytes: Buffer;
}

export const SOP_CLASS = {
  ct: '1.2.840.10008.5.1.4.1.1.2',
  mr: '1.2.840.10008.5.1.4.1.1.4',
  cr: '1.2.840.10008.5.1.4.1.1.1',
  dxPresentation: '1.2.840.10008.5.1.4.1.1.1.1',
  mgPresentation: '1.2.840.10008.5.1.4.1.1.1.2',
  us: '1.2.840.10008.5.1.4.1.1.6.1',
  usMultiframe: '1.2.840.10008.5.1.4.1.1.3.1',
} as const;

export interface SeriesSpec {
  number: number;
  modality: string;
  description: string;
  bodyPart: string;
  /** Minutes after the study time the series was acquired. */
  offsetMinutes?: number;
}

export const seriesUid = (study: GeneratedStudy, number: number) =>
  uidFrom(`${study.studyInstanceUid}|series|${number}`);
export const instanceUid = (study: GeneratedStudy, series: number, instance: number) =>
  uidFrom(`${study.studyInstanceUid}|${series}|${instance}`);
export const frameOfReferenceUid = (study: GeneratedStudy, name: string) =>
  uidFrom(`${study.studyInstanceUid}|for|${name}`);

/** HHMMSS plus minutes (wrapping at midnight: the date is the study's). */
export function timePlus(time: string, minutes: number): string {
  const h = Number(time.slice(0, 2)) || 0;
  const m = Number(time.slice(2, 4)) || 0;
  const s = Number(time.slice(4, 6)) || 0;
  const total = (((h * 60 + m + Math.floor(minutes)) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}${String(total % 60).padStart(2, '0')}${String(s).padStart(2, '0')}`;
}

/**
 * SOP Common, Patient, General Study, General Series, General Equipment and General Image attributes shared by every
 * generated instance. Type 2 attributes are present even when empty.
 */
export function commonAttributes(
  opts: GenerateOptions,
  series: SeriesSpec,
  instance: { sopClassUid: string; number: number; imageType: string[] },
): Dataset {
  const { patient, study } = opts;
  const seriesTime = timePlus(study.time, series.offsetMinutes ?? 0);
  return {
    SpecificCharacterSet: 'ISO_IR 192',
    ImageType: instance.imageType,
    SOPClassUID: instance.sopClassUid,
    SOPInstanceUID: instanceUid(study, series.number, instance.number),
    StudyDate: study.date,
    SeriesDate: study.date,
    ContentDate: study.date,
    StudyTime: study.time,
    SeriesTime: seriesTime,
    ContentTime: seriesTime,
    AccessionNumber: study.accessionNumber ?? '',
    Modality: series.modality,
    Manufacturer: 'Rangsi',
    InstitutionName: study.institutionName ?? '',
    ReferringPhysicianName: study.referringPhysicianName ?? '',
    StationName: study.stationName ?? 'RANGSI-DEMO',
    StudyDescription: study.description ?? '',
    SeriesDescription: series.description,
    ManufacturerModelName: 'Rangsi demo image generator',
    PatientName: patient.name,
    PatientID: patient.id,
    PatientBirthDate: patient.birthDate ?? '',
    PatientSex: patient.sex ?? '',
    BodyPartExamined: series.bodyPart,
    DeviceSerialNumber: 'DEMO-0001',
    SoftwareVersions: '1',
    StudyInstanceUID: study.studyInstanceUid,
    SeriesInstanceUID: seriesUid(study, series.number),
    StudyID: (study.studyId ?? study.accessionNumber ?? '1').slice(0, 16),
    SeriesNumber: series.number,
    InstanceNumber: instance.number,
    BurnedInAnnotation: 'NO',
    LossyImageCompression: '00',
  };
}

/** Image Pixel module attributes (PS3.3 C.7.6.3) for unsigned or signed grey, or 8-bit RGB. */
export function pixelAttributes(p: {
  rows: number;
  columns: number;
  photometric: 'MONOCHROME1' | 'MONOCHROME2' | 'RGB';
  bitsAllocated: 8 | 16;
  bitsStored: number;
  signed?: boolean;
}): Dataset {
  const colour = p.photometric === 'RGB';
  return {
    SamplesPerPixel: colour ? 3 : 1,
    PhotometricInterpretation: p.photometric,
    ...(colour ? { PlanarConfiguration: 0 } : {}),
    Rows: p.rows,
    Columns: p.columns,
    BitsAllocated: p.bitsAllocated,
    BitsStored: p.bitsStored,
    HighBit: p.bitsStored - 1,
    PixelRepresentation: p.signed ? 1 : 0,
  };
}
