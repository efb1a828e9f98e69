import { createHash, type Hash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import zlib from 'node:zlib';
import { inflateLimit, inflateRefusal } from '../parse/inflate-limits';
import { DatasetWalker, type WalkedAttributes } from './dataset-walker';
import { Status, TS } from '../uids';

export interface StoreSinkOptions {
  tempPath: string;
  /** Preamble, 'DICM' and file meta group, written before the first data set byte. */
  header: Buffer;
  transferSyntaxUid: string;
  /**
   * Data set bytes beyond this are refused, and the association aborted. A deflated data set is refused (the
   * association goes on) as soon as it inflates past inflateLimit of the bytes received so far, which never exceeds this.
   */
  maxBytes: number;
  /** Bytes buffered towards the file (or the inflater) before the socket is paused. */
  highWaterMark: number;
  /** Pause (true) or resume (false) reading from the peer. */
  onBackpressure(pause: boolean): void;
  /** The instance went over maxBytes: the association is aborted (an endless stream would otherwise never end). */
  onTooLarge(): void;
}

/** What the archive is told of a received file so it need not read it again. */
export interface ReceivedFile {
  /** Whole file size (header included). */
  sizeBytes: number;
  sha256: string;
  /** The file's first bytes (up to HEAD_BYTES), what the index reads its attributes from. */
  head: Buffer;
  /**
   * Settles once the file is fsynced and closed (rejects on an I/O error). The archive reads the head meanwhile and
   * waits for this only before it moves the file into storage.
   */
  flushed: Promise<void>;
}

/** How much of the start of each file is kept in memory for the index (the same MiB readInstance reads). */
export const HEAD_BYTES = 1 << 20;

/** Where a received instance is: in memory whole (up to HEAD_BYTES), or in a temp file on disk (bigger ones). */
export type ReceivedInstance =
  { kind: 'memory'; data: Buffer } | { kind: 'file'; tempPath: string; file: ReceivedFile };

export type SinkOutcome =
  | { ok: true; attrs: WalkedAttributes; bytes: number; instance: ReceivedInstance }
  | { ok: false; status: number; reason: string; kind: 'too-large' | 'malformed' | 'io' | 'aborted' };

/**
 * Where a C-STORE data set goes. The demultiplexer writes the data fragments here as they come off the socket, and
 * dcmjs-dimse, which asks for a Writable for the data set, gets this object too (it only calls write/end/once) and
 * ends it. The bytes go to a temp file behind a Part-10 header exactly as received, are walked for structure on the
 * way (after inflating, for deflate), and are counted against the size limit. Nothing is held in memory beyond the
 * file stream's buffer; when it fills, the socket is paused until it drains. `done` settles once the file is closed
 * (ok) or removed (not ok).
 */
export class StoreSink extends EventEmitter {
  readonly done: Promise<SinkOutcome>;
  private settle!: (o: SinkOutcome) => void;
  private settled = false;
  /** Opened once the instance outgrows the head kept in memory (most instances never do). */
  private file: fs.WriteStream | null = null;
  private readonly walker: DatasetWalker;
  private readonly inflater: zlib.InflateRaw | null = null;
  private bytes = 0;
  private inflatedBytes = 0;
  private failure: SinkOutcome | null = null;
  private ended = false;
  private pressure = 0;
  /** Started only once an instance outgrows memory: one kept whole is hashed by the store's writer thread. */
  private hash: Hash | null = null;
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private fileBytes = 0;
  /** Most bytes ever waiting in the file stream (and inflater) for this instance. */
  peakBuffered = 0;

  constructor(private readonly opts: StoreSinkOptions) {
    super();
    this.done = new Promise((resolve) => {
      this.settle = resolve;
    });
    this.toFile(opts.header);
    if (opts.transferSyntaxUid === TS.deflate) {
      // Deflated explicit VR little endian (PS3.5 A.5): the bytes are stored deflated, as received; they are inflated
      // (on zlib's threads) only to check that they are a complete deflate stream holding a well-formed data set. A
      // deflate bomb stops at its limit: the rest of its bytes are dropped unread, and the C-STORE refused.
      this.walker = new DatasetWalker({ explicit: true, bigEndian: false });
      const inflater = zlib.createInflateRaw();
      inflater.on('data', (d: Buffer) => {
        this.inflatedBytes += d.length;
        const limit = inflateLimit(this.bytes, opts.maxBytes);
        if (this.inflatedBytes > limit) {
          this.fail({ ok: false, status: Status.OutOfResources, reason: inflateRefusal(limit), kind: 'too-large' });
          return;
        }
        this.walker.push(d);
      });
      inflater.on('error', () => {
        this.fail({
          ok: false,
          status: Status.CannotUnderstand,
          reason: 'deflated data set cannot be inflated',
          kind: 'malformed',
        });
      });
      this.inflater = inflater;
    } else {
      this.walker = new DatasetWalker(opts.transferSyntaxUid);
    }
  }

  /** Always true: flow control is done by pausing the socket, so dcmjs-dimse never waits on 'drain'. */
  write(chunk: Buffer): boolean {
    if (this.failure || this.ended) return true;
    this.bytes += chunk.length;
    if (this.bytes > this.opts.maxBytes) {
      this.tooLarge();
      return true;
    }
    if (!this.toFile(chunk) && this.file) this.hold(this.file);
    if (this.inflater) {
      if (!this.inflater.write(chunk)) this.hold(this.inflater);
    } else {
      this.walker.push(chunk);
    }
    const buffered = (this.file ? this.file.writableLength : this.headBytes) + (this.inflater?.writableLength ?? 0);
    if (buffered > this.peakBuffered) this.peakBuffered = buffered;
    return true;
  }

  end(): this {
    if (this.ended) return this;
    this.ended = true;
    // A stream that is ending never emits 'drain': let the peer's next PDUs in now (it waits for our answer anyway).
    this.releasePressure();
    if (this.failure) return this;
    void this.finish();
    return this;
  }

  /** The association went away mid-transfer: drop the partial file. */
  abort(reason = 'association ended before the data set was complete'): void {
    this.fail({ ok: false, status: Status.CannotUnderstand, reason, kind: 'aborted' });
  }

  /**
   * Bytes of the stored file, hashed. Up to HEAD_BYTES they are kept in memory (views of the socket's chunks: Node
   * gives every read a buffer of its own and never reuses it) and handed over whole at the end, copied once into one
   * buffer; past it the head and everything after go to a temp file stream, with the socket paused when it fills.
   */
  private toFile(chunk: Buffer): boolean {
    this.hash?.update(chunk);
    this.fileBytes += chunk.length;
    if (this.headBytes < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headBytes);
      this.head.push(part);
      this.headBytes += part.length;
      if (part.length === chunk.length && !this.file) return true;
    }
    if (!this.file) {
      this.file = this.openStream();
      const hash = createHash('sha256');
      for (const h of this.head) hash.update(h);
      hash.update(chunk.subarray(chunk.length - (this.fileBytes - this.headBytes)));
      this.hash = hash;
      for (const h of this.head) this.file.write(h);
      return this.file.write(chunk.subarray(chunk.length - (this.fileBytes - this.headBytes)));
    }
    return this.file.write(chunk);
  }

  /**
   * The kept head as one buffer of its own (made once): a view into a bigger socket chunk is copied too, since the
   * buffer goes to another thread and a view would take its whole chunk along.
   */
  private headBuffer(): Buffer {
    const only = this.head.length === 1 ? this.head[0]! : null;
    if (!only || only.byteOffset !== 0 || only.byteLength !== only.buffer.byteLength) {
      this.head.splice(0, this.head.length, Buffer.concat(this.head, this.headBytes));
    }
    return this.head[0]!;
  }

  private openStream(): fs.WriteStream {
    // Not closed on 'finish': the descriptor is fsynced first, then closed (syncAndClose).
    const file = fs.createWriteStream(this.opts.tempPath, {
      flags: 'wx',
      highWaterMark: this.opts.highWaterMark,
      autoClose: false,
    });
    file.on('error', (err: NodeJS.ErrnoException) => {
      this.fail({
        ok: false,
        status: Status.OutOfResources,
        reason: `cannot write the instance (${err.code ?? 'I/O error'})`,
        kind: 'io',
      });
    });
    return file;
  }

  private hold(stream: NodeJS.EventEmitter): void {
    if (this.pressure++ === 0) this.opts.onBackpressure(true);
    stream.once('drain', () => {
      if (this.pressure > 0 && --this.pressure === 0) this.opts.onBackpressure(false);
    });
  }

  private releasePressure(): void {
    if (this.pressure === 0) return;
    this.pressure = 0;
    this.opts.onBackpressure(false);
  }

  private tooLarge(): void {
    if (this.failure) return;
    this.fail({
      ok: false,
      status: Status.OutOfResources,
      reason: `instance larger than ${this.opts.maxBytes} bytes`,
      kind: 'too-large',
    });
    this.opts.onTooLarge();
  }

  private async finish(): Promise<void> {
    const file = this.file;
    try {
      const flushed = file
        ? new Promise<void>((resolve, reject) => {
            file.once('finish', resolve);
            file.once('error', reject);
          })
        : Promise.resolve();
      file?.end();
      if (this.inflater) {
        const inflater = this.inflater;
        await new Promise<void>((resolve) => {
          inflater.once('end', resolve);
          inflater.once('error', () => resolve());
          inflater.end();
          inflater.resume();
        });
      }
      await flushed;
    } catch (err) {
      if (!this.failure) {
        this.fail({
          ok: false,
          status: Status.OutOfResources,
          reason: `cannot write the instance (${(err as NodeJS.ErrnoException)?.code ?? 'I/O error'})`,
          kind: 'io',
        });
      }
    }
    if (this.failure) return;
    if (this.inflater && this.bytes === 0) {
      this.fail({ ok: false, status: Status.CannotUnderstand, reason: 'empty deflated data set', kind: 'malformed' });
      return;
    }
    const walked = this.walker.finish();
    if (!walked.ok) {
      this.fail({ ok: false, status: Status.CannotUnderstand, reason: walked.reason, kind: 'malformed' });
      return;
    }
    this.settled = true;
    // The whole instance is in memory (most are): nothing was written; the archive's store writes it durably once.
    const instance: ReceivedInstance =
      file && this.hash
        ? {
            kind: 'file',
            tempPath: this.opts.tempPath,
            file: {
              sizeBytes: this.fileBytes,
              sha256: this.hash.digest('hex'),
              head: this.headBuffer(),
              flushed: this.syncAndClose(),
            },
          }
        : { kind: 'memory', data: this.headBuffer() };
    this.settle({ ok: true, attrs: walked.attrs, bytes: this.bytes, instance });
  }

  /**
   * All bytes are in the file (page cache): fsync it and close it. Started before the archive reads the attributes so
   * that the disk and the parser work at the same time; nothing is acknowledged before it settles.
   */
  private syncAndClose(): Promise<void> {
    const file = this.file!;
    const target = (file as unknown as { fd: number }).fd;
    const synced = new Promise<void>((resolve, reject) => fs.fsync(target, (err) => (err ? reject(err) : resolve())));
    const closed = (err?: Error) =>
      new Promise<void>((resolve, reject) => {
        file.once('close', () => (err ? reject(err) : resolve()));
        file.destroy();
      });
    const done = synced.then(
      () => closed(),
      (err: Error) => closed(err),
    );
    done.catch(() => undefined); // a caller that gives up early (refused instance) must not leave it unhandled
    return done;
  }

  private fail(outcome: SinkOutcome): void {
    if (this.failure || this.settled) return;
    this.failure = outcome;
    this.releasePressure();
    this.inflater?.destroy();
    const file = this.file;
    file?.destroy();
    const remove = () => fsp.rm(this.opts.tempPath, { force: true }).catch(() => undefined);
    // Remove only after the descriptor is closed, so nothing re-creates or keeps the partial file.
    const settle = () => {
      void remove().then(() => {
        this.settled = true;
        this.settle(outcome);
      });
    };
    if (!file || file.closed) settle();
    else file.once('close', settle);
  }
}
