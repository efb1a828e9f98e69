import type { CurrentUser } from '../../auth/current-user';
import type { ExamsService } from '../exams/exams.service';
import { TS } from '../../dicom/uids';
import { viewerError } from './viewer.errors';
import { groupOrientations } from '../../dicom/parse/orientation';
import type { ViewerRepository } from './viewer.repository';

export interface SeriesInstances {
  studyInstanceUid: string;
  seriesInstanceUid: string;
  orientation: string | null;
  modality: string | null;
  /** FrameOfReferenceUID of the first instance: two series sharing it share patient coordinates. */
  frameOfReferenceUid: string | null;
  instances: {
    sopInstanceUid: string;
    sopClassUid: string;
    instanceNumber: number | null;
    numberOfFrames: number;
    imageOrientationPatient: string | null;
    /** ImagePositionPatient (mm), or null when absent or malformed (multi-frame instances keep it per frame). */
    imagePositionPatient: number[] | null;
    /** PatientOrientation (0020,0020): the row and column directions of a projection image, e.g. ["P", "L"]. */
    patientOrientation: [string, string] | null;
    /** ImageLaterality (0020,0062), else Laterality (0020,0060): R or L. */
    laterality: 'R' | 'L' | null;
    /** ViewPosition (0018,5101), e.g. CC, MLO, PA. */
    viewPosition: string | null;
    /** PixelSpacing (0028,0030): row then column spacing in mm, in the patient. */
    pixelSpacing: [number, number] | null;
    /** ImagerPixelSpacing (0018,1164): the same at the detector (projection images), not corrected for magnification. */
    imagerPixelSpacing: [number, number] | null;
    /** WADO-URI of the instance (Cornerstone's wadouri: loader, Weasis). */
    wadoUri: string;
    /** WADO-RS of the instance. */
    wadoRs: string;
  }[];
}

/** The viewer's side of a series: its instances, one orientation of a split series at a time. */
export class ViewerService {
  constructor(
    readonly repo: ViewerRepository,
    private readonly exams: ExamsService,
  ) {}

  /** The exam in scope, then the series of that exam; anything else is a 404. */
  async series(user: CurrentUser, examId: string, seriesId: string) {
    await this.exams.load(user, examId);
    const series = await this.repo.seriesOfExam(examId, seriesId);
    if (!series) throw viewerError('SERIES_NOT_FOUND');
    return series;
  }

  /**
   * Instances of a series in instance order. With `orientation` (the key from the series list), only the images of
   * that orientation group, grouped exactly as the series list groups them.
   */
  async instances(
    user: CurrentUser,
    examId: string,
    seriesId: string,
    orientation: string | undefined,
  ): Promise<SeriesInstances> {
    const series = await this.series(user, examId, seriesId);
    const chosen = ofOrientation(await this.repo.instances(series.seriesId), orientation);
    const base = `/dicomweb/studies/${series.studyInstanceUid}/series/${series.seriesInstanceUid}`;
    return {
      studyInstanceUid: series.studyInstanceUid,
      seriesInstanceUid: series.seriesInstanceUid,
      orientation: orientation ?? null,
      modality: series.modality,
      frameOfReferenceUid: chosen.find((r) => r.frameOfReferenceUid)?.frameOfReferenceUid ?? null,
      instances: chosen.map((r) => ({
        sopInstanceUid: r.sopInstanceUid,
        sopClassUid: r.sopClassUid,
        instanceNumber: r.instanceNumber,
        numberOfFrames: r.numberOfFrames,
        imageOrientationPatient: r.orientation,
        imagePositionPatient: positionOf(r.position),
        patientOrientation: patientOrientationOf(r.patientOrientation),
        laterality: r.laterality === 'R' || r.laterality === 'L' ? r.laterality : null,
        viewPosition: r.viewPosition?.trim().toUpperCase() || null,
        pixelSpacing: spacingOf(r.pixelSpacing),
        imagerPixelSpacing: spacingOf(r.imagerPixelSpacing),
        // JPEG extended (mostly 12-bit) goes decompressed: Cornerstone's decoder reads 12-bit values 15 high (IN14).
        wadoUri: `/dicomweb/wado?requestType=WADO&studyUID=${series.studyInstanceUid}&seriesUID=${series.seriesInstanceUid}&objectUID=${r.sopInstanceUid}&contentType=application%2Fdicom${r.transferSyntaxUid === TS.jpegExtended ? `&transferSyntax=${TS.explicitLE}` : ''}`,
        wadoRs: `${base}/instances/${r.sopInstanceUid}`,
      })),
    };
  }

  /** The first image the viewer shows of a series (or of one orientation of it), or null when it has none. */
  async firstInstance(user: CurrentUser, examId: string, seriesId: string, orientation: string | undefined) {
    const series = await this.series(user, examId, seriesId);
    const [first] = ofOrientation(await this.repo.instanceOrder(series.seriesId), orientation);
    return first
      ? {
          studyInstanceUid: series.studyInstanceUid,
          seriesInstanceUid: series.seriesInstanceUid,
          sopInstanceUid: first.sopInstanceUid,
        }
      : null;
  }
}

/**
 * The rows of one orientation group (the key from the series list), grouped exactly as the series list groups them;
 * all rows without `orientation`. An unknown key is a 404.
 */
function ofOrientation<T extends { orientation: string | null }>(rows: T[], orientation: string | undefined): T[] {
  if (orientation === undefined) return rows;
  const counts = new Map<string | null, number>();
  for (const r of rows) counts.set(r.orientation, (counts.get(r.orientation) ?? 0) + 1);
  const groups = groupOrientations([...counts.entries()].map(([o, n]) => ({ orientation: o, weight: n })));
  const group = groups.find((g) => (g.key ?? '') === orientation);
  if (!group) throw viewerError('ORIENTATION_NOT_FOUND');
  const members = new Set(group.members.map((m) => m.orientation));
  return rows.filter((r) => members.has(r.orientation));
}

/** Three finite numbers from the DICOM JSON Value of ImagePositionPatient, else null. */
function positionOf(value: unknown): number[] | null {
  if (!Array.isArray(value) || value.length !== 3) return null;
  const numbers: unknown[] = (value as unknown[]).map((v) => (typeof v === 'string' ? Number(v) : v));
  return numbers.every((v): v is number => typeof v === 'number' && Number.isFinite(v)) ? numbers : null;
}

/** Two positive finite spacings (mm) from a DICOM JSON Value, else null. */
function spacingOf(value: unknown): [number, number] | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [a, b] = (value as unknown[]).map((v) => (typeof v === 'string' ? Number(v) : v));
  return typeof a === 'number' && typeof b === 'number' && a > 0 && b > 0 && Number.isFinite(a + b) ? [a, b] : null;
}

/** The two direction codes of PatientOrientation (letters A P R L H F only), else null. */
function patientOrientationOf(value: unknown): [string, string] | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [row, column] = value as unknown[];
  const ok = (v: unknown): v is string => typeof v === 'string' && /^[APRLHF]{1,3}$/.test(v.trim().toUpperCase());
  return ok(row) && ok(column) ? [row.trim().toUpperCase(), column.trim().toUpperCase()] : null;
}
