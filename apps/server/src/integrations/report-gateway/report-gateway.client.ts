import { parseHl7Ack } from '@rangsi/domain';

/** HL7 over HTTP's media type for ER7 (pipe-delimited) messages; docs/decisions/g2-hl7-over-http-one-post.md. */
export const HL7_CONTENT_TYPE = 'x-application/hl7-v2+er7; charset=utf-8';
/** How long a send may take, answer included, before it counts as failed. */
export const GATEWAY_TIMEOUT_MS = 5000;
/** Of an answer, only this much is read (an ACK is a few hundred bytes). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Why a send failed, or AA/CA when it did not. Stored with the report row and the audit entry: no patient data. */
export type GatewayOutcomeCode =
  'AA' | 'AE' | 'AR' | 'NOT_CONFIGURED' | 'TIMEOUT' | 'UNREACHABLE' | 'HTTP_ERROR' | 'NOT_AN_ACK' | 'ACK_MISMATCH';

export interface GatewayReply {
  delivered: boolean;
  code: GatewayOutcomeCode;
  /** Trying again later may help (the gateway down, slow, or answering AR: unavailable). */
  retryable: boolean;
  /** Our own words, in Thai, without patient data. */
  message: string;
  /** HTTP status when the gateway answered one. */
  httpStatus?: number;
  /** MSA-3 / ERR-8 of an AE or AR: the hospital's words, which may name the patient (never stored or logged). */
  gatewayText?: string;
}

export interface ReportGatewayClient {
  /** Whether a gateway URL is configured at all. */
  readonly configured: boolean;
  /** Posts one HL7 message and reads the ACK for `controlId`. Never throws. */
  send(message: string, controlId: string): Promise<GatewayReply>;
}

/** The hospital gateway over HTTP: one POST per message, the HL7 ACK in the answer, a time-out on the whole exchange. */
export class HttpReportGatewayClient implements ReportGatewayClient {
  constructor(
    private readonly url: string | undefined,
    private readonly timeoutMs = GATEWAY_TIMEOUT_MS,
  ) {}

  get configured(): boolean {
    return Boolean(this.url);
  }

  async send(message: string, controlId: string): Promise<GatewayReply> {
    if (!this.url) return failure('NOT_CONFIGURED', false, 'ยังไม่ได้ตั้งค่าเกตเวย์ของโรงพยาบาล (REPORT_GATEWAY_URL)');
    let status: number;
    let answer: string;
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': HL7_CONTENT_TYPE, accept: 'x-application/hl7-v2+er7, text/plain;q=0.9' },
        body: Buffer.from(message, 'utf8'),
        // A redirect would post the report somewhere not configured: it counts as a failure instead.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.status;
      answer = (await readLimited(res)).toString('utf8');
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        return failure('TIMEOUT', true, `เกตเวย์ของโรงพยาบาลไม่ตอบภายใน ${Math.round(this.timeoutMs / 1000)} วินาที`);
      }
      return failure('UNREACHABLE', true, 'ติดต่อเกตเวย์ของโรงพยาบาลไม่ได้');
    }
    const ack = parseHl7Ack(answer);
    if (status < 200 || status >= 300) {
      // 408, 429 and 5xx are passing troubles; other statuses (400, 404, 415, a redirect) will answer the same again.
      const retryable = status === 408 || status === 429 || status >= 500;
      return {
        ...failure('HTTP_ERROR', retryable, `เกตเวย์ของโรงพยาบาลตอบ HTTP ${status}`),
        httpStatus: status,
        ...(ack?.text ? { gatewayText: ack.text } : {}),
      };
    }
    if (!ack) return { ...failure('NOT_AN_ACK', true, 'คำตอบของเกตเวย์ไม่ใช่ HL7 ACK'), httpStatus: status };
    if (ack.controlId !== controlId)
      return { ...failure('ACK_MISMATCH', true, 'เกตเวย์ตอบรับข้อความอื่น (MSA-2 ไม่ตรงกับ MSH-10)'), httpStatus: status };
    if (ack.accepted)
      return {
        delivered: true,
        code: 'AA',
        retryable: false,
        message: 'ส่งผลอ่านไปยังระบบของโรงพยาบาลแล้ว',
        httpStatus: status,
      };
    const text = ack.text ? { gatewayText: ack.text.slice(0, 300) } : {};
    // Original mode: AE is an error in the content (sending it again changes nothing); AR a rejection unrelated to the
    // content (the receiving application unavailable), worth another try later.
    if (ack.code === 'AE' || ack.code === 'CE')
      return { ...failure('AE', false, 'ระบบของโรงพยาบาลแจ้งว่ารับผลอ่านไม่ได้ (AE)'), httpStatus: status, ...text };
    return { ...failure('AR', true, 'ระบบของโรงพยาบาลปฏิเสธข้อความ (AR)'), httpStatus: status, ...text };
  }
}

function failure(code: GatewayOutcomeCode, retryable: boolean, message: string): GatewayReply {
  return { delivered: false, code, retryable, message };
}

async function readLimited(res: Response): Promise<Buffer> {
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    const buf = Buffer.from(chunk as Uint8Array);
    chunks.push(buf);
    size += buf.length;
    if (size >= MAX_ANSWER_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES);
}
