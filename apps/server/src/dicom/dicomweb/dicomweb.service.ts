import { actorOf, type AuditActor, type AuditService } from '../../audit/audit.service';
import type { CurrentUser } from '../../auth/current-user';
import type { Database } from '../../db/client';
import { examScopeCondition } from '../../auth/data-scope/exam-scope';
import type { DicomJson } from '../parse/dicom-json';
import { dicomwebError } from './dicomweb.errors';
import { seesUnmatchedStudies, studyVisibility } from '../../auth/data-scope/study-scope';
import { DicomwebRepository, type StoredInstance } from '../query/dicomweb.repository';
import { instanceJson, SERIES_ALL, seriesJson, STUDY_ALL, studyJson } from '../query/qido-response';
import type { QidoLevel, QidoQuery } from '../query/qido';

export interface Location {
  study: string;
  series?: string;
  sop?: string;
}

/** Metadata texts kept in memory, at most this many bytes in all. */
const METADATA_CACHE_BYTES = 64 * 1024 * 1024;

/** DICOMweb's rules: what a user may find and retrieve (the worklist's data scope), and the audit of each read. */
export class DicomwebService {
  readonly repo: DicomwebRepository;
  private readonly metadataCache = new Map<string, { stamp: string; text: string }>();
  private metadataCacheBytes = 0;

  /** `counts`: the archive whose delayed recounts are run before an answer shows counts (read-your-writes). */
  constructor(
    db: Database,
    private readonly audit: AuditService,
    private readonly counts?: { flushCounts(): Promise<void> },
  ) {
    this.repo = new DicomwebRepository(db);
  }

  async search(
    user: CurrentUser,
    level: QidoLevel,
    q: QidoQuery,
    base: string,
    within: { study?: string; series?: string },
  ): Promise<{ results: DicomJson[]; truncated: boolean }> {
    if (level !== 'instance') await this.counts?.flushCounts();
    const visible = studyVisibility(user);
    const matches = [...q.matches];
    if (within.study) matches.push({ tag: '0020000D', kind: 'uids', values: [within.study] });
    if (within.series) matches.push({ tag: '0020000E', kind: 'uids', values: [within.series] });
    // One row past the limit tells whether more match, without counting them all.
    const query = { ...q, matches, limit: q.limit + 1 };
    let truncated = false;
    const page = <T>(rows: T[]) => {
      truncated = rows.length > q.limit;
      return rows.slice(0, q.limit);
    };
    const extraTags = q.includeTags.length ? q.includeTags : null;
    let result: DicomJson[];
    if (level === 'study') {
      const rows = page(await this.repo.searchStudies(query, visible));
      const extra =
        q.includeAll || extraTags
          ? await this.repo.representativeAttributes(
              'study',
              rows.map((r) => r.studyInstanceUid),
              [...(extraTags ?? []), ...(q.includeAll ? STUDY_ALL : [])],
            )
          : undefined;
      result = rows.map((r) => studyJson(r, base, extra?.get(r.studyInstanceUid)));
    } else if (level === 'series') {
      const rows = page(await this.repo.searchSeries(query, visible));
      const extra =
        q.includeAll || extraTags
          ? await this.repo.representativeAttributes(
              'series',
              rows.map((r) => r.seriesInstanceUid),
              [...(extraTags ?? []), ...(q.includeAll ? SERIES_ALL : [])],
            )
          : undefined;
      result = rows.map((r) => seriesJson(r, base, extra?.get(r.seriesInstanceUid)));
    } else {
      const rows = page(await this.repo.searchInstances(query, visible));
      const extra =
        q.includeAll || extraTags
          ? await this.repo.representativeAttributes(
              'instance',
              rows.map((r) => r.sopInstanceUid),
              q.includeAll ? null : extraTags,
            )
          : undefined;
      result = rows.map((r) => instanceJson(r, base, withoutBulk(extra?.get(r.sopInstanceUid))));
    }
    await this.audit.record(
      null,
      {
        action: `dicom.search.${level}`,
        entityType: 'dicom',
        detail: { keys: q.matches.map((m) => m.tag), results: result.length },
      },
      who(user),
    );
    return { results: result, truncated };
  }

  /** The stored instances at a location; nothing visible is a 404 (out of scope looks like absent). */
  async retrieve(user: CurrentUser, at: Location): Promise<StoredInstance[]> {
    const rows = await this.repo.storedInstances(at, studyVisibility(user));
    if (!rows.length) throw dicomwebError('IMAGE_NOT_FOUND');
    // Archived images have no hot file: a clear 409 (the exam shows Archive and is unzipped first), never a 500.
    if (rows.some((r) => r.archived)) throw dicomwebError('DICOM_ARCHIVED');
    // Audited centrally, once per study and actor within the dedupe window (audit/audit-reads.ts).
    return rows;
  }

  /** The cached metadata of a location as JSON text, BulkDataURIs made absolute. */
  async metadata(user: CurrentUser, at: Location, origin: string): Promise<string> {
    const visible = studyVisibility(user);
    // A small versioned query decides between the cached text and a new aggregation: instances are only ever added,
    // so their count and latest arrival identify the content (on any server of a scale-out).
    const stamp = await this.repo.metadataStamp(at, visible);
    if (!stamp.n) throw dicomwebError('IMAGE_NOT_FOUND');
    const key = `${at.study}/${at.series ?? ''}/${at.sop ?? ''}`;
    const version = `${stamp.n}|${stamp.last}`;
    let text = this.metadataCache.get(key)?.stamp === version ? this.metadataCache.get(key)!.text : null;
    if (!text) {
      text = await this.repo.metadataText(at, visible);
      if (!text) throw dicomwebError('IMAGE_NOT_FOUND');
      this.remember(key, version, text);
    }
    return text
      .replaceAll('"BulkDataURI": "/dicomweb/', `"BulkDataURI": "${origin}/dicomweb/`)
      .replaceAll('"BulkDataURI":"/dicomweb/', `"BulkDataURI":"${origin}/dicomweb/`);
  }

  private remember(key: string, stamp: string, text: string): void {
    const old = this.metadataCache.get(key);
    if (old) {
      this.metadataCacheBytes -= old.text.length;
      this.metadataCache.delete(key);
    }
    if (text.length > METADATA_CACHE_BYTES / 4) return;
    while (this.metadataCacheBytes + text.length > METADATA_CACHE_BYTES && this.metadataCache.size) {
      const [first, entry] = this.metadataCache.entries().next().value!;
      this.metadataCache.delete(first);
      this.metadataCacheBytes -= entry.text.length;
    }
    this.metadataCache.set(key, { stamp, text });
    this.metadataCacheBytes += text.length;
  }

  /**
   * Whether a user may add an instance to a study (STOW-RS, web import): the exam it goes to must be in their
   * scope; an unmatched study only when they see unmatched studies or the study is new.
   */
  async mayWriteTo(user: CurrentUser, target: { studyExists: boolean; examId: string | null }): Promise<boolean> {
    if (target.examId === null) return !target.studyExists || seesUnmatchedStudies(user);
    return this.repo.examInScope(target.examId, examScopeCondition(user));
  }

  recordStore(user: CurrentUser, detail: Record<string, unknown>): Promise<void> {
    return this.audit.record(null, { action: 'dicom.store', entityType: 'dicom', detail }, who(user));
  }
}

function withoutBulk(attrs: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!attrs) return attrs;
  return Object.fromEntries(
    Object.entries(attrs).filter(([, v]) => !(v && typeof v === 'object' && 'BulkDataURI' in v)),
  );
}

/** The audit actor: a person, a person's query token, or a film link (never the link's creator). */
function who(user: CurrentUser): AuditActor {
  return actorOf(user)!;
}
