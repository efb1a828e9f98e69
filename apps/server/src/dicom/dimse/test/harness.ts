import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import type { DicomArchive, IngestContext, IngestResult } from '../../archive';
import { DicomListener, type DicomListenerOptions } from '../dicom-listener';

/** Stands in for the archive: keeps each received file (renamed, as the real one would) and records the calls. */
export class FakeArchive implements DicomArchive {
  readonly calls: { path: string; source: string }[] = [];
  private next = 0;
  /** Override the answer (or throw) per call. */
  answer: ((file: string) => IngestResult | Promise<IngestResult>) | null = null;
  constructor(readonly dir: string) {}

  async ingestFile(tempPath: string, ctx: IngestContext): Promise<IngestResult> {
    const file = this.record(ctx);
    await fsp.rename(tempPath, file);
    return this.reply(file);
  }
  async ingestBytes(bytes: Buffer, ctx: IngestContext): Promise<IngestResult> {
    const file = this.record(ctx);
    await fsp.writeFile(file, bytes);
    return this.reply(file);
  }
  private record(ctx: IngestContext): string {
    const file = path.join(this.dir, `${String(this.next++).padStart(6, '0')}.dcm`);
    this.calls.push({ path: file, source: ctx.source }); // in arrival order, before any await
    return file;
  }
  private async reply(file: string): Promise<IngestResult> {
    if (this.answer) return this.answer(file);
    return { status: 'stored', sopInstanceUid: '', studyInstanceUid: '', examId: null };
  }
  async openInstance() {
    return null;
  }
  onStudyChanged() {
    return () => undefined;
  }
}

/** Log lines captured from pino (JSON objects). */
export function captureLogger(level = 'debug'): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const dest = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
      cb();
    },
  });
  return { logger: pino({ level }, dest), lines };
}

export interface Harness {
  listener: DicomListener;
  archive: FakeArchive;
  dir: string;
  tempDir: string;
  lines: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startListener(opts: Partial<DicomListenerOptions> = {}): Promise<Harness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rangsi-dimse-'));
  const tempDir = path.join(dir, 'tmp');
  const stored = path.join(dir, 'stored');
  fs.mkdirSync(stored);
  const archive = new FakeArchive(stored);
  const { logger, lines } = captureLogger();
  const listener = new DicomListener({
    host: '127.0.0.1',
    port: 0,
    aeTitle: 'RANGSI',
    archive,
    tempDir,
    logger,
    ...opts,
  });
  await listener.start();
  return {
    listener,
    archive,
    dir,
    tempDir,
    lines,
    close: async () => {
      await listener.stop(1000);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls until the condition holds (or fails after timeoutMs). */
export async function until(cond: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const tempFiles = (h: Harness) => fs.readdirSync(h.tempDir);
