import type { CurrentUser } from '../../auth/current-user';
import type { Database } from '../../db/client';
import { notFound } from '../../http/domain-error';
import type { ExamsService } from '../../modules/exams/exams.service';
import { groupOrientations } from '../parse/orientation';
import { ViewerRepository } from './viewer.repository';

export interface SeriesInstances {
  studyInstanceUid: string;
  seriesInstanceUid: string;
  orientation: string | null;
  instances: {
    sopInstanceUid: string;
    sopClassUid: string;
    instanceNumber: number | null;
    numberOfFrames: number;
    imageOrientationPatient: string | null;
    /** WADO-URI of the instance (Cornerstone's wadouri: loader, Weasis). */
    wadoUri: string;
    /** WADO-RS of the instance. */
    wadoRs: string;
  }[];
}

/** The viewer's side of a series: its instances, one orientation of a split series at a time. */
export class ViewerService {
  readonly repo: ViewerRepository;

  constructor(db: Database, private readonly exams: ExamsService) {
    this.repo = new ViewerRepository(db);
  }

  /** The exam in scope, then the series of that exam; anything else is a 404. */
  async series(user: CurrentUser, examId: string, seriesId: string) {
    await this.exams.load(user, examId);
    const series = await this.repo.seriesOfExam(examId, seriesId);
    if (!series) throw notFound('ไม่พบ series');
    return series;
  }

  /**
   * Instances of a series in instance order. With `orientation` (the key from the series list), only the images of
   * that orientation group, grouped exactly as the series list groups them.
   */
  async instances(user: CurrentUser, examId: string, seriesId: string, orientation: string | undefined): Promise<SeriesInstances> {
    const series = await this.series(user, examId, seriesId);
    const rows = await this.repo.instances(series.seriesId);
    let chosen = rows;
    if (orientation !== undefined) {
      const counts = new Map<string | null, number>();
      for (const r of rows) counts.set(r.orientation, (counts.get(r.orientation) ?? 0) + 1);
      const groups = groupOrientations([...counts.entries()].map(([o, n]) => ({ orientation: o, weight: n })));
      const group = groups.find((g) => (g.key ?? '') === orientation);
      if (!group) throw notFound('ไม่พบภาพในแนวระนาบนี้');
      const members = new Set(group.members.map((m) => m.orientation));
      chosen = rows.filter((r) => members.has(r.orientation));
    }
    const base = `/dicomweb/studies/${series.studyInstanceUid}/series/${series.seriesInstanceUid}`;
    return {
      studyInstanceUid: series.studyInstanceUid,
      seriesInstanceUid: series.seriesInstanceUid,
      orientation: orientation ?? null,
      instances: chosen.map((r) => ({
        sopInstanceUid: r.sopInstanceUid,
        sopClassUid: r.sopClassUid,
        instanceNumber: r.instanceNumber,
        numberOfFrames: r.numberOfFrames,
        imageOrientationPatient: r.orientation,
        wadoUri: `/dicomweb/wado?requestType=WADO&studyUID=${series.studyInstanceUid}&seriesUID=${series.seriesInstanceUid}&objectUID=${r.sopInstanceUid}&contentType=application%2Fdicom`,
        wadoRs: `${base}/instances/${r.sopInstanceUid}`,
      })),
    };
  }
}
