/**
 * Sits between the socket and dcmjs-dimse. It follows PDU and PDV framing (a few bytes of state) and:
 *  - ends the connection on garbage or abuse: an unknown PDU type, a first PDU that is not A-ASSOCIATE-RQ, a second
 *    one, a PDU longer than allowed (dcmjs-dimse would buffer whatever length a header claims), a command set longer
 *    than allowed, a non-storage data set (e.g. a C-FIND identifier) longer than allowed;
 *  - takes C-STORE requests out of the stream whole: their command set is read here and their data set fragments go,
 *    as slices of the socket's own buffers, to the store sink; the listener answers them itself. dcmjs-dimse never
 *    sees them (it would copy every PDU several times over and parse and build each command through dcmjs, which cost
 *    more than storing the instance);
 *  - passes everything else through (P-DATA re-framed one PDV per PDU, which dcmjs-dimse accepts).
 */

export interface DemuxLimits {
  /** Largest PDU accepted (any type), header excluded. */
  maxPduBytes: number;
  /** Largest A-ASSOCIATE-RQ. */
  maxAssociateBytes: number;
  /** Largest command set of one message. */
  maxCommandBytes: number;
  /** Largest data set of a message other than C-STORE-RQ. */
  maxOtherDatasetBytes: number;
}

/** What the C-STORE command said, for the file meta, the checks and the response. */
export interface StoreCommand {
  pcId: number;
  sopClassUid: string;
  sopInstanceUid: string;
  messageId: number;
}

export interface DemuxHandlers {
  /** Bytes for dcmjs-dimse. */
  forward(bytes: Buffer): void;
  /** The first data fragment of a C-STORE is here: open the sink. */
  storeBegin(cmd: StoreCommand): void;
  /** Data set bytes of the current C-STORE (a slice of the socket's buffer). */
  storeData(bytes: Buffer): void;
  /** The last data fragment of a C-STORE arrived: store it and answer (the response is ours to send). */
  storeEnd(cmd: StoreCommand): void;
  /** The protocol was broken or a limit passed: drop the connection. */
  violation(reason: string): void;
  /** A C-STORE-RSP from the peer (to a C-STORE sub-operation of a C-GET we sent); without it, it goes to dcmjs-dimse. */
  storeResponse?(r: { messageId: number; status: number }): void;
}

const C_STORE_RQ = 0x0001;
const C_STORE_RSP = 0x8001;
const NO_DATASET = 0x0101;

export class PduDemux {
  private readonly head = Buffer.alloc(6);
  private headLen = 0;
  private pduType = 0;
  private pduLeft = 0;
  private associated = false;
  private failed = false;
  // P-DATA-TF: PDV items inside the current PDU
  private readonly pdvHead = Buffer.alloc(6);
  private pdvHeadLen = 0;
  private pdvLeft = 0;
  private pdvPcId = 0;
  private pdvIsCommand = false;
  private pdvIsLast = false;
  /** Where the current PDV's value goes. */
  private pdvRoute: 'forward' | 'store' = 'forward';
  // the message being received
  private command: Buffer[] = [];
  private commandBytes = 0;
  private dataBytes = 0;
  private store: StoreCommand | null = null;
  private expectsData = false;
  private storeOpen = false;

  constructor(
    private readonly limits: DemuxLimits,
    private readonly h: DemuxHandlers,
  ) {}

  push(chunk: Buffer): void {
    let pos = 0;
    while (pos < chunk.length && !this.failed) {
      if (this.pduLeft === 0) {
        const n = Math.min(6 - this.headLen, chunk.length - pos);
        chunk.copy(this.head, this.headLen, pos, pos + n);
        this.headLen += n;
        pos += n;
        if (this.headLen === 6) this.startPdu();
        continue;
      }
      const n = Math.min(this.pduLeft, chunk.length - pos);
      const part = chunk.subarray(pos, pos + n);
      if (this.pduType === 0x04) this.pdata(part);
      else this.h.forward(part);
      this.pduLeft -= n;
      pos += n;
      if (this.pduLeft === 0) this.endPdu();
    }
  }

  private fail(reason: string): void {
    if (this.failed) return;
    this.failed = true;
    this.h.violation(reason);
  }

  private startPdu(): void {
    this.headLen = 0;
    this.pduType = this.head.readUInt8(0);
    const length = this.head.readUInt32BE(2);
    switch (this.pduType) {
      case 0x01:
        if (this.associated) return this.fail('second A-ASSOCIATE-RQ on one connection');
        if (length > this.limits.maxAssociateBytes) return this.fail(`A-ASSOCIATE-RQ of ${length} bytes`);
        this.associated = true;
        break;
      case 0x04:
        if (!this.associated) return this.fail('P-DATA-TF before association');
        if (length > this.limits.maxPduBytes) return this.fail(`P-DATA-TF of ${length} bytes`);
        break;
      case 0x05:
      case 0x06:
      case 0x07:
        if (!this.associated && this.pduType !== 0x07) return this.fail('release before association');
        if (length > 64) return this.fail(`PDU type ${this.pduType} of ${length} bytes`);
        break;
      default:
        return this.fail(
          this.associated ? `unknown PDU type 0x${this.pduType.toString(16)}` : 'not a DICOM association request',
        );
    }
    this.pduLeft = length;
    // P-DATA is re-framed per PDV; every other PDU passes through as it came.
    if (this.pduType !== 0x04) this.h.forward(Buffer.from(this.head));
    if (length === 0) this.endPdu();
  }

  private endPdu(): void {
    if (this.pduType === 0x04 && (this.pdvLeft > 0 || this.pdvHeadLen > 0))
      this.fail('PDV item crosses the end of its PDU');
    this.pdvHeadLen = 0;
    this.pdvLeft = 0;
  }

  private pdata(bytes: Buffer): void {
    let pos = 0;
    while (pos < bytes.length && !this.failed) {
      if (this.pdvLeft === 0) {
        const n = Math.min(6 - this.pdvHeadLen, bytes.length - pos);
        bytes.copy(this.pdvHead, this.pdvHeadLen, pos, pos + n);
        this.pdvHeadLen += n;
        pos += n;
        if (this.pdvHeadLen === 6) this.startPdv();
        continue;
      }
      const n = Math.min(this.pdvLeft, bytes.length - pos);
      const part = bytes.subarray(pos, pos + n);
      if (!this.count(n)) return;
      if (this.pdvIsCommand) this.command.push(Buffer.from(part));
      else if (this.pdvRoute === 'store') this.h.storeData(part);
      else this.h.forward(part);
      this.pdvLeft -= n;
      pos += n;
      if (this.pdvLeft === 0) this.endPdv();
    }
  }

  private count(n: number): boolean {
    if (this.pdvIsCommand) {
      this.commandBytes += n;
      if (this.commandBytes > this.limits.maxCommandBytes) {
        this.fail(`command set over ${this.limits.maxCommandBytes} bytes`);
        return false;
      }
    } else if (this.pdvRoute === 'forward') {
      this.dataBytes += n;
      if (this.dataBytes > this.limits.maxOtherDatasetBytes) {
        this.fail(`data set over ${this.limits.maxOtherDatasetBytes} bytes for a non-storage message`);
        return false;
      }
    }
    return true;
  }

  private startPdv(): void {
    this.pdvHeadLen = 0;
    const itemLength = this.pdvHead.readUInt32BE(0);
    if (itemLength < 2) return this.fail('PDV item shorter than its header');
    this.pdvPcId = this.pdvHead.readUInt8(4);
    const control = this.pdvHead.readUInt8(5);
    this.pdvIsCommand = (control & 0x01) === 0x01;
    this.pdvIsLast = (control & 0x02) === 0x02;
    this.pdvLeft = itemLength - 2;

    if (this.pdvIsCommand) {
      if (this.storeOpen) return this.fail('command fragment inside a C-STORE data set');
      this.pdvRoute = 'forward';
    } else if (this.store) {
      if (this.pdvPcId !== this.store.pcId) return this.fail('data set fragment on another presentation context');
      if (!this.storeOpen) {
        this.storeOpen = true;
        this.h.storeBegin(this.store);
      }
      this.pdvRoute = 'store';
    } else {
      if (!this.expectsData) return this.fail('data set fragment without a command');
      this.pdvRoute = 'forward';
    }
    // A command set is held until complete (it decides who handles the message); data of other messages pass on.
    if (this.pdvRoute === 'forward' && !this.pdvIsCommand) this.h.forward(this.pdvFrame(this.pdvLeft, control));
    if (this.pdvLeft === 0) this.endPdv();
  }

  /** A P-DATA-TF header holding exactly one PDV of `valueLength` bytes (the value follows). */
  private pdvFrame(valueLength: number, control: number): Buffer {
    const b = Buffer.alloc(12);
    b.writeUInt8(0x04, 0);
    b.writeUInt32BE(valueLength + 6, 2);
    b.writeUInt32BE(valueLength + 2, 6);
    b.writeUInt8(this.pdvPcId, 10);
    b.writeUInt8(control, 11);
    return b;
  }

  private endPdv(): void {
    if (!this.pdvIsLast) return;
    if (this.pdvIsCommand) {
      const bytes = Buffer.concat(this.command);
      const cmd = parseCommand(bytes);
      this.command = [];
      this.commandBytes = 0;
      this.dataBytes = 0;
      this.expectsData = cmd.dataSetType !== NO_DATASET;
      this.store =
        cmd.field === C_STORE_RQ && this.expectsData && cmd.messageId >= 0
          ? {
              pcId: this.pdvPcId,
              sopClassUid: cmd.affectedSopClassUid,
              sopInstanceUid: cmd.affectedSopInstanceUid,
              messageId: cmd.messageId,
            }
          : null;
      this.storeOpen = false;
      if (cmd.field === C_STORE_RSP && !this.expectsData && this.h.storeResponse) {
        this.h.storeResponse({ messageId: cmd.messageIdBeingRespondedTo, status: cmd.status });
        return;
      }
      // Everything but a C-STORE with its data set goes to dcmjs-dimse, as one command fragment.
      if (!this.store) {
        this.h.forward(this.pdvFrame(bytes.length, 0x03));
        if (bytes.length) this.h.forward(bytes);
      }
      return;
    }
    const store = this.store;
    this.store = null;
    if (store) {
      // A data set that never started (empty last fragment): the sink opens now, empty, and refuses it.
      if (!this.storeOpen) this.h.storeBegin(store);
      this.h.storeEnd(store);
    }
    this.storeOpen = false;
    this.expectsData = false;
  }
}

export interface ParsedCommand {
  field: number;
  /** MessageID (0000,0110); -1 when missing. */
  messageId: number;
  dataSetType: number;
  /** MessageIDBeingRespondedTo (0000,0120) of a response; -1 when missing. */
  messageIdBeingRespondedTo: number;
  /** Status (0000,0900) of a response; -1 when missing. */
  status: number;
  affectedSopClassUid: string;
  affectedSopInstanceUid: string;
}

/** The few fields of an implicit VR little endian command set the demultiplexer needs. */
export function parseCommand(cmd: Buffer): ParsedCommand {
  const out: ParsedCommand = {
    field: -1,
    messageId: -1,
    dataSetType: NO_DATASET,
    messageIdBeingRespondedTo: -1,
    status: -1,
    affectedSopClassUid: '',
    affectedSopInstanceUid: '',
  };
  let pos = 0;
  while (pos + 8 <= cmd.length) {
    const group = cmd.readUInt16LE(pos);
    const element = cmd.readUInt16LE(pos + 2);
    const length = cmd.readUInt32LE(pos + 4);
    if (group !== 0x0000 || pos + 8 + length > cmd.length) break;
    const v = cmd.subarray(pos + 8, pos + 8 + length);
    const text = () =>
      v
        .toString('latin1')
        .replace(/[\0 ]+$/, '')
        .trim();
    if (element === 0x0100 && length === 2) out.field = v.readUInt16LE(0);
    else if (element === 0x0110 && length === 2) out.messageId = v.readUInt16LE(0);
    else if (element === 0x0800 && length === 2) out.dataSetType = v.readUInt16LE(0);
    else if (element === 0x0120 && length === 2) out.messageIdBeingRespondedTo = v.readUInt16LE(0);
    else if (element === 0x0900 && length === 2) out.status = v.readUInt16LE(0);
    else if (element === 0x0002) out.affectedSopClassUid = text();
    else if (element === 0x1000) out.affectedSopInstanceUid = text();
    pos += 8 + length;
  }
  return out;
}
