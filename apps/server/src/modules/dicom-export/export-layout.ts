import type {
  DicomdirFileSet,
  DicomdirInstance,
  DicomdirPatient,
  DicomdirSeries,
  DicomdirStudy,
} from './dicomdir-writer';
import { fileIdComponent } from './dicomdir-writer';
import type { ExportInstanceRow } from './export.repository';

/** One file of the export zip: where it goes and which stored instance fills it. */
export interface ExportEntry {
  /** Path inside the zip, '/'-separated: DICOM/ST000001/SE000001/IM000001. */
  path: string;
  row: ExportInstanceRow;
  /** Its DICOMDIR record's source: the transfer syntax is set to the file's on the disc once it is written. */
  instance: DicomdirInstance;
}

export interface ExportLayout {
  fileSet: DicomdirFileSet;
  entries: ExportEntry[];
}

/**
 * The standard media layout dcmmkdir expects (PS3.10 §8, PS3.12 Annex F): DICOMDIR at the root and every instance
 * under DICOM/ in one folder per study and series, each path component 8 upper-case characters. Instances keep the
 * order of `rows` (study, series, instance number); patients are grouped by PatientID and PatientName as the files
 * carry them.
 */
export function exportLayout(rows: ExportInstanceRow[], fileSetId: string): ExportLayout {
  const patients: DicomdirPatient[] = [];
  const patientByKey = new Map<string, DicomdirPatient>();
  const studyById = new Map<string, { study: DicomdirStudy; number: number }>();
  const seriesById = new Map<string, { series: DicomdirSeries; number: number }>();
  const entries: ExportEntry[] = [];
  let studyCount = 0;

  for (const row of rows) {
    let study = studyById.get(row.studyId);
    if (!study) {
      const key = JSON.stringify([row.patientId ?? '', row.patientName ?? '']);
      let patient = patientByKey.get(key);
      if (!patient) {
        patient = {
          patientId: row.patientId,
          patientName: row.patientName,
          patientBirthDate: row.patientBirthDate,
          patientSex: row.patientSex,
          studies: [],
        };
        patientByKey.set(key, patient);
        patients.push(patient);
      }
      studyCount += 1;
      study = {
        number: studyCount,
        study: {
          studyInstanceUid: row.studyInstanceUid,
          studyDate: row.studyDate,
          studyTime: row.studyTime,
          studyDescription: row.studyDescription,
          studyId: row.studyIdAttribute,
          accessionNumber: row.accessionNumber,
          series: [],
        },
      };
      studyById.set(row.studyId, study);
      patient.studies.push(study.study);
    }
    let series = seriesById.get(row.seriesId);
    if (!series) {
      series = {
        number: study.study.series.length + 1,
        series: {
          seriesInstanceUid: row.seriesInstanceUid,
          modality: row.modality,
          seriesNumber: row.seriesNumber,
          seriesDescription: row.seriesDescription,
          instances: [],
        },
      };
      seriesById.set(row.seriesId, series);
      study.study.series.push(series.series);
    }
    const fileId = [
      'DICOM',
      fileIdComponent('ST', study.number),
      fileIdComponent('SE', series.number),
      fileIdComponent('IM', series.series.instances.length + 1),
    ];
    const instance: DicomdirInstance = {
      fileId,
      sopClassUid: row.sopClassUid,
      sopInstanceUid: row.sopInstanceUid,
      transferSyntaxUid: row.transferSyntaxUid,
      instanceNumber: row.instanceNumber,
      attributes: row.recordAttributes ?? null,
    };
    series.series.instances.push(instance);
    entries.push({ path: fileId.join('/'), row, instance });
  }
  return { fileSet: { fileSetId, patients }, entries };
}

/**
 * The file set without the instances left off the disc: their records go, and so do a series, study or patient left
 * with none. The others keep their file IDs (a gap in the IM numbers is allowed: file IDs only have to be unique).
 */
export function withoutInstances(fileSet: DicomdirFileSet, leftOut: ReadonlySet<DicomdirInstance>): DicomdirFileSet {
  const patients = fileSet.patients
    .map((p) => ({
      ...p,
      studies: p.studies
        .map((st) => ({
          ...st,
          series: st.series
            .map((se) => ({ ...se, instances: se.instances.filter((i) => !leftOut.has(i)) }))
            .filter((se) => se.instances.length > 0),
        }))
        .filter((st) => st.series.length > 0),
    }))
    .filter((p) => p.studies.length > 0);
  return { ...fileSet, patients };
}
