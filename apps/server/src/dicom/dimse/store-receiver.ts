import { EventEmitter } from 'node:events';
import fsp from 'node:fs/promises';
import type net from 'node:net';
import type { Logger } from 'pino';
import type { DicomArchive, IngestResult } from '../archive';
import { buildPart10Header } from '../parse/part10';
import { errorComment, hexStatus, isLenientUid, isStorageSopClass, Status, TS } from '../uids';
import {
  dimse,
  type DimseAssociation,
  type DimseCStoreRequest,
  type DimseCStoreResponse,
  type DimsePresentationContext,
} from './lib';
import type { StoreCommand } from './pdu-demux';
import { storeResponsePdu } from './store-response';
import { StoreSink, type SinkOutcome } from './store-sink';

const PcResult = dimse.constants.PresentationContextResult;

/** What the C-STORE path needs of its association (the listener's Association). */
export interface StoreHost {
  readonly sock: net.Socket;
  readonly log: Logger;
  /** The peer's address:port, for the logs. */
  readonly remote: string;
  /** Known once the association is accepted (set by dcmjs-dimse). */
  association(): DimseAssociation;
  callingAe(): string;
  /** The set the calling AE's instances are read as when they declare none (undefined: the archive's default). */
  assumedCharacterSet(): string | undefined;
  /** The association is being dropped (a violation, an instance over the limit): its socket stays paused. */
  stopped(): boolean;
  /** Drops the association, logging why with the peer named; once (later calls do nothing). */
  drop(fields: Record<string, unknown>, message: string): void;
}

/** The archive and settings of the C-STORE path (from the listener). */
export interface StoreServices {
  archive: DicomArchive;
  /** Largest instance data set accepted (deflate: inflated size); beyond it the association is aborted. */
  maxInstanceBytes: number;
  /** Bytes buffered towards a temp file before the peer's socket is paused. */
  writeHighWaterMark: number;
  newTempPath(): string;
  /** The listener's counters. */
  record(kind: 'stored' | 'failed'): void;
  recordBuffered(bytes: number): void;
}

/** Maps the archive's answer to a C-STORE status: never Success for an instance the archive did not keep. */
export function statusOfIngest(r: IngestResult): { status: number; comment?: string } {
  switch (r.status) {
    case 'stored':
    case 'duplicate':
      return { status: Status.Success };
    case 'refused':
      switch (r.code) {
        // 'error' is the archive failing (its exceptions come back as this): refused for now, the sender retries.
        case 'too-large':
        case 'error':
          return { status: Status.OutOfResources, comment: r.reason };
        case 'missing-uid':
        case 'unsupported-sop-class':
          return { status: Status.DataSetMismatch, comment: r.reason };
        case 'not-dicom':
        case 'truncated':
          return { status: Status.CannotUnderstand, comment: r.reason };
      }
  }
  return { status: Status.CannotUnderstand, comment: 'unknown archive answer' };
}

/** Counts bytes of a data set we refuse up front (wrong context, bad command) and throws them away. */
class RefusedSink extends EventEmitter {
  private bytes = 0;
  readonly done: Promise<SinkOutcome>;
  constructor(
    outcome: SinkOutcome & { ok: false },
    private readonly max: number,
    private readonly onTooLarge: () => void,
  ) {
    super();
    this.done = Promise.resolve(outcome);
  }
  write(chunk: Buffer): boolean {
    this.bytes += chunk.length;
    if (this.bytes > this.max) this.onTooLarge();
    return true;
  }
  end(): this {
    return this;
  }
  abort(): void {
    /* nothing on disk */
  }
}

type Sink = StoreSink | RefusedSink;

/**
 * The C-STORE side of one association. The demultiplexer takes every C-STORE out of the stream before dcmjs-dimse
 * sees it (IN5) and hands its command and data fragments here: the data set goes to a sink as received, is checked
 * against the command, goes to the archive, and the C-STORE-RSP is written here.
 */
export class StoreReceiver {
  /** Instances this association stored and refused. */
  readonly counts = { stored: 0, failed: 0 };
  private current: Sink | null = null;
  /** Instances received whole, waiting for the archive's answer. */
  private pending = 0;
  private paused = false;

  constructor(
    private readonly host: StoreHost,
    private readonly services: StoreServices,
  ) {}

  /** A C-STORE data set is arriving or its answer is being made. */
  get busy(): boolean {
    return this.pending > 0 || this.current !== null;
  }

  /** Drops the data set being received (its temp file goes). */
  abort(): void {
    this.current?.abort();
    this.current = null;
  }

  /**
   * The first data set fragment of a C-STORE arrived (seen by the demultiplexer, before dcmjs-dimse): open the sink
   * that writes the Part-10 header built from the command set and then the bytes as received (problems 4, 5, 6).
   */
  begin(cmd: StoreCommand): void {
    const { maxInstanceBytes } = this.services;
    const onTooLarge = () => {
      if (this.host.stopped()) return;
      this.count('failed');
      this.host.drop({ limit: maxInstanceBytes }, 'DICOM instance over the size limit: association aborted');
    };
    const refuse = (status: number, reason: string) =>
      new RefusedSink({ ok: false, status, reason, kind: 'malformed' }, maxInstanceBytes, onTooLarge);
    let context: DimsePresentationContext | null = null;
    try {
      context = this.host.association().getPresentationContext(cmd.pcId);
    } catch {
      context = null;
    }
    if (!context || context.getResult() !== PcResult.Accept || !isStorageSopClass(context.getAbstractSyntaxUid())) {
      this.current = refuse(Status.SopClassNotSupported, 'presentation context not accepted for storage');
    } else if (cmd.sopClassUid !== context.getAbstractSyntaxUid()) {
      this.current = refuse(Status.SopClassNotSupported, 'SOP class differs from the presentation context');
    } else if (!isLenientUid(cmd.sopInstanceUid)) {
      this.current = refuse(Status.DataSetMismatch, 'AffectedSOPInstanceUID missing or invalid');
    } else {
      const transferSyntaxUid = context.getAcceptedTransferSyntaxUid() ?? TS.implicitLE;
      this.current = new StoreSink({
        tempPath: this.services.newTempPath(),
        header: buildPart10Header({
          sopClassUid: cmd.sopClassUid,
          sopInstanceUid: cmd.sopInstanceUid,
          transferSyntaxUid,
          sourceAeTitle: this.host.callingAe(),
        }),
        transferSyntaxUid,
        maxBytes: maxInstanceBytes,
        highWaterMark: this.services.writeHighWaterMark,
        onBackpressure: (pause) => {
          if (pause && !this.paused) {
            this.paused = true;
            this.host.sock.pause();
          } else if (!pause && this.paused) {
            this.paused = false;
            if (!this.host.stopped()) this.host.sock.resume();
          }
        },
        onTooLarge,
      });
    }
  }

  /** Data set bytes of the current C-STORE, straight from the socket's buffers. */
  data(bytes: Buffer): void {
    this.current?.write(bytes);
  }

  /**
   * The last data fragment arrived: the sink is ended, the instance stored, and the C-STORE-RSP written here (the
   * request never reached dcmjs-dimse, whose command handling through dcmjs cost more than storing the instance).
   */
  end(cmd: StoreCommand): void {
    const sink = this.current;
    this.current = null;
    sink?.end();
    this.pending++;
    void this.store(cmd, sink)
      .catch((err: unknown) => {
        this.host.log.error({ err, callingAe: this.host.callingAe() }, 'C-STORE handling failed');
        return { status: Status.OutOfResources, comment: 'internal error' };
      })
      .then(({ status, comment: text }) => {
        this.count(status === Status.Success ? 'stored' : 'failed');
        const sock = this.host.sock;
        if (!sock.destroyed)
          sock.write(storeResponsePdu(cmd, status, text && status !== Status.Success ? errorComment(text) : undefined));
      })
      .finally(() => {
        this.pending--;
      });
  }

  /** Only a C-STORE-RQ that announced no data set reaches dcmjs-dimse (the demultiplexer keeps the others): refused. */
  refuseWithoutDataset(request: DimseCStoreRequest): DimseCStoreResponse {
    const response = dimse.responses.CStoreResponse.fromRequest(request);
    response.setStatus(Status.CannotUnderstand);
    response.setErrorComment('C-STORE without a data set');
    this.count('failed');
    return response;
  }

  private count(kind: 'stored' | 'failed'): void {
    this.counts[kind]++;
    this.services.record(kind);
  }

  private async store(cmd: StoreCommand, sink: Sink | null): Promise<{ status: number; comment?: string }> {
    const sopClass = cmd.sopClassUid;
    const sopInstance = cmd.sopInstanceUid;
    if (!sink) return this.refused(Status.CannotUnderstand, 'C-STORE without a data set');
    const out = await sink.done;
    if (sink instanceof StoreSink) this.services.recordBuffered(sink.peakBuffered);
    if (!out.ok) return this.refused(out.status, out.reason);
    const a = out.attrs;
    const received = out.instance;
    const reject = async (status: number, reason: string) => {
      if (received.kind === 'file') await fsp.rm(received.tempPath, { force: true });
      return this.refused(status, reason);
    };
    if (!a.sopClassUid) return reject(Status.DataSetMismatch, 'data set has no SOPClassUID');
    if (a.sopClassUid !== sopClass)
      return reject(Status.DataSetMismatch, 'SOPClassUID differs from the C-STORE request');
    if (!a.sopInstanceUid) return reject(Status.DataSetMismatch, 'data set has no SOPInstanceUID');
    if (a.sopInstanceUid !== sopInstance)
      return reject(Status.DataSetMismatch, 'SOPInstanceUID differs from the C-STORE request');
    if (!a.studyInstanceUid || !isLenientUid(a.studyInstanceUid))
      return reject(Status.DataSetMismatch, 'StudyInstanceUID missing or invalid');
    if (!a.seriesInstanceUid || !isLenientUid(a.seriesInstanceUid))
      return reject(Status.DataSetMismatch, 'SeriesInstanceUID missing or invalid');
    if (a.numberOfFrames && !/^ *[+]?[0-9]{1,10} *$/.test(a.numberOfFrames))
      return reject(Status.CannotUnderstand, 'NumberOfFrames is not an integer');

    const callingAe = this.host.callingAe();
    let result: IngestResult;
    try {
      const ctx = { source: callingAe, assumedCharacterSet: this.host.assumedCharacterSet() };
      result =
        received.kind === 'memory'
          ? await this.services.archive.ingestBytes(received.data, ctx)
          : await this.services.archive.ingestFile(received.tempPath, ctx, received.file);
    } catch (err) {
      if (received.kind === 'file') await fsp.rm(received.tempPath, { force: true });
      this.host.log.error({ err, callingAe }, 'archive failed to ingest an instance');
      return { status: Status.OutOfResources, comment: 'archive unavailable, retry later' };
    }
    const mapped = statusOfIngest(result);
    if (mapped.status !== Status.Success) {
      this.host.log.warn(
        { remote: this.host.remote, callingAe, status: hexStatus(mapped.status), reason: mapped.comment },
        'C-STORE refused by the archive',
      );
    } else {
      this.host.log.debug({ callingAe, sopInstanceUid: sopInstance, result: result.status }, 'C-STORE stored');
    }
    return mapped;
  }

  private refused(status: number, reason: string): { status: number; comment: string } {
    this.host.log.warn(
      { remote: this.host.remote, callingAe: this.host.callingAe(), status: hexStatus(status), reason },
      'C-STORE refused',
    );
    return { status, comment: reason };
  }
}
