import type { Readable } from 'node:stream';
import { parseWhole, type ParsedFile } from './decode-frame';
import { TS } from '../parse/read-instance';

/** A deflated data set is inflated for viewing up to this size (the renderer's limit for any stored file). */
export const MAX_INFLATED_FOR_VIEW = 256 << 20;
/** Inflated data sets kept, at most this many bytes in all. */
const CACHE_BYTES = 256 << 20;

/**
 * Stored instances parsed whole for rendering, thumbnails, frames and bulk data. A deflated one (stored as received,
 * decision D15) is inflated once, on the inflater's thread, and kept by its storage key (a stored file never changes
 * under its key), so views after the first neither inflate nor read the file (docs/decisions/sec31-deflated-views.md).
 * Other syntaxes are parsed from the file each time, as they cost no more than reading it.
 */
export class ParsedInstances {
  private readonly inflated = new Map<string, ParsedFile>();
  private inflatedBytes = 0;
  private readonly loading = new Map<string, Promise<ParsedFile | null>>();

  constructor(private readonly budgetBytes = CACHE_BYTES) {}

  /** The parsed instance stored under `key`; null when its file is gone. Throws what parseWhole throws. */
  async load(key: string, open: () => Promise<Readable | null>): Promise<ParsedFile | null> {
    const kept = this.inflated.get(key);
    if (kept) {
      this.inflated.delete(key);
      this.inflated.set(key, kept);
      return kept;
    }
    // Requests for the same instance at the same time (a viewer's frames) share one read and one inflation.
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.read(key, open).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async read(key: string, open: () => Promise<Readable | null>): Promise<ParsedFile | null> {
    const body = await open();
    if (!body) return null;
    const chunks: Buffer[] = [];
    for await (const c of body) chunks.push(c as Buffer);
    const parsed = await parseWhole(Buffer.concat(chunks), MAX_INFLATED_FOR_VIEW);
    if (parsed.ts === TS.deflated) this.keep(key, parsed);
    return parsed;
  }

  private keep(key: string, parsed: ParsedFile): void {
    const size = parsed.ds.byteArray.length;
    if (size > this.budgetBytes || this.inflated.has(key)) return;
    this.inflated.set(key, parsed);
    this.inflatedBytes += size;
    for (const [oldest, p] of this.inflated) {
      if (this.inflatedBytes <= this.budgetBytes) break;
      this.inflated.delete(oldest);
      this.inflatedBytes -= p.ds.byteArray.length;
    }
  }
}

/** The process's parsed instances: the rendered routes, WADO frames and the thumbnail service share them. */
export const parsedInstances = new ParsedInstances();
