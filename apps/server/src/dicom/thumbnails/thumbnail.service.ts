import { Readable } from 'node:stream';
import type { Database } from '../../db/client';
import type { FileStore } from '../../storage/file-store';
import type { DicomArchive } from '../archive';
import { groupOrientations } from '../parse/orientation';
import { decodeFrame, UnsupportedImage } from './decode-frame';
import { parsedInstances } from './parsed-instances';
import { renderPng } from './render';
import { ThumbnailRepository } from './thumbnail.repository';

export const THUMBNAIL_PREFIX = 'dicom-thumbnails';
/** Bigger instances are not read whole for a thumbnail. */
const MAX_SOURCE_BYTES = 256 * 1024 * 1024;

export interface ThumbnailOptions {
  /** Quiet time after a study's last instance before its thumbnails are made. */
  debounceMs?: number;
  /** A study that keeps receiving still gets thumbnails after this long. */
  maxWaitMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Series thumbnails (128 px PNG of the middle image), made after the store is acknowledged: a study's changes are
 * debounced, then its series without a thumbnail (or with more images since) are rendered one at a time. A split
 * series' other orientations are rendered on request and kept in memory.
 */
export class ThumbnailService {
  private readonly timers = new Map<string, { timer: NodeJS.Timeout; first: number }>();
  private readonly rendered = new Map<string, number>();
  private readonly cache = new Map<string, Buffer>();
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly repo: ThumbnailRepository;

  constructor(
    db: Database,
    private readonly store: FileStore,
    private readonly opts: ThumbnailOptions = {},
  ) {
    this.repo = new ThumbnailRepository(db);
  }

  /** Renders after each study change, never in the ingest's path. */
  attach(archive: DicomArchive): () => void {
    return archive.onStudyChanged((e) => this.schedule(e.studyInstanceUid));
  }

  schedule(studyInstanceUid: string): void {
    if (this.closed) return;
    const now = Date.now();
    const existing = this.timers.get(studyInstanceUid);
    if (existing) clearTimeout(existing.timer);
    const first = existing?.first ?? now;
    const wait = now - first >= (this.opts.maxWaitMs ?? 30_000) ? 0 : (this.opts.debounceMs ?? 1500);
    const timer = setTimeout(() => {
      this.timers.delete(studyInstanceUid);
      void this.enqueue(() => this.renderStudy(studyInstanceUid));
    }, wait);
    timer.unref();
    this.timers.set(studyInstanceUid, { timer, first });
  }

  /** Runs every scheduled study now and waits for the renders (tests, shutdown). */
  async flush(): Promise<void> {
    for (const [uid, t] of this.timers) {
      clearTimeout(t.timer);
      this.timers.delete(uid);
      void this.enqueue(() => this.renderStudy(uid));
    }
    await this.queue;
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t.timer);
    this.timers.clear();
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T | undefined> {
    const run = this.queue.then(job).catch((err: unknown) => {
      this.opts.log?.warn({ err: { name: (err as Error)?.name } }, 'thumbnail job failed');
      return undefined;
    });
    this.queue = run;
    return run;
  }

  async renderStudy(studyInstanceUid: string): Promise<void> {
    // Counted here rather than read from the series row, whose count the archive brings up to date a moment later.
    const series = await this.repo.seriesOfStudy(studyInstanceUid);
    for (const s of series) {
      if (s.key && this.rendered.get(s.id) === s.count) continue;
      if (s.key && !this.rendered.has(s.id)) {
        this.rendered.set(s.id, s.count);
        continue;
      }
      await this.renderSeries(s.id);
      this.rendered.set(s.id, s.count);
    }
  }

  /** Makes and records the series thumbnail; null when no image of the series can be drawn. */
  async renderSeries(seriesId: string): Promise<string | null> {
    const png = await this.renderGroup(seriesId, undefined);
    if (!png) return null;
    const stored = await this.store.put(Readable.from([png]), { prefix: THUMBNAIL_PREFIX });
    await this.repo.setThumbnail(seriesId, stored.key);
    return stored.key;
  }

  /** The PNG of a series (its largest orientation group) or of one orientation group, from its middle image. */
  async thumbnail(
    seriesId: string,
    thumbnailKey: string | null,
    orientation: string | undefined,
  ): Promise<Buffer | Readable | null> {
    if (orientation === undefined) {
      if (thumbnailKey) {
        try {
          return await this.store.open(thumbnailKey);
        } catch {
          // The file is gone: make it again.
        }
      }
      const key = await this.enqueue(() => this.renderSeries(seriesId));
      return key ? this.store.open(key) : null;
    }
    const cacheKey = `${seriesId}|${orientation}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    const png = await this.enqueue(() => this.renderGroup(seriesId, orientation));
    if (!png) return null;
    if (this.cache.size >= 256) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(cacheKey, png);
    return png;
  }

  private async renderGroup(seriesId: string, orientation: string | undefined): Promise<Buffer | null> {
    const rows = await this.repo.hotImagesOfSeries(seriesId);
    const counts = new Map<string | null, number>();
    for (const r of rows) counts.set(r.orientation, (counts.get(r.orientation) ?? 0) + 1);
    const groups = groupOrientations([...counts.entries()].map(([o, n]) => ({ orientation: o, weight: n })));
    const group = orientation === undefined ? groups[0] : groups.find((g) => (g.key ?? '') === orientation);
    if (!group) return null;
    const members = new Set(group.members.map((m) => m.orientation));
    const candidates = rows.filter((r) => members.has(r.orientation) && r.size <= MAX_SOURCE_BYTES);
    // The middle image first, then the others outward (an SR or a broken frame in the middle should not leave it blank).
    const middle = Math.floor(candidates.length / 2);
    const order = candidates
      .map((_, i) => i)
      .sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle))
      .slice(0, 5);
    for (const i of order) {
      try {
        const key = candidates[i]!.key;
        const parsed = await parsedInstances.load(key, () => this.store.open(key));
        if (parsed) return await renderPng(await decodeFrame(parsed));
      } catch (err) {
        if (!(err instanceof UnsupportedImage))
          this.opts.log?.warn({ err: { name: (err as Error)?.name } }, 'thumbnail render failed');
      }
    }
    return null;
  }
}
