// Thai QR Payment (PromptPay) codes: the EMVCo merchant-presented payload as the Bank of Thailand's Thai QR Code
// standard profiles it. Fields are written in ascending tag order (00, 01, 29/30, 53, 54, 58, 63): EMVCo fixes only
// 00 first and 63 last, and the banks' apps read every order seen in the wild.

/** Pay a business through PromptPay bill payment (tag 30): the biller id the bank issued and the bill's references. */
export interface PromptPayBill {
  /** 15 digits: the payee's 13-digit tax id and the 2-digit suffix the bank assigned. */
  billerId: string;
  /** Reference 1 (required by bill payment): A–Z and 0–9, at most 20; see promptPayReference. */
  reference1: string;
  reference2?: string;
  amountSatang: number;
}

/** Pay a person or small business through its PromptPay proxy (tag 29): a mobile number or a 13-digit national/tax id. */
export interface PromptPayProxy {
  /** 0812345678, +66812345678 or a 13-digit national/tax id; dashes and spaces are ignored. */
  proxy: string;
  amountSatang: number;
}

const BILL_PAYMENT_AID = 'A000000677010112';
const CREDIT_TRANSFER_AID = 'A000000677010111';
const REFERENCE = /^[0-9A-Z]{1,20}$/;

/** One EMV TLV field: two-digit tag, two-digit length, value (lengths count characters; the payload is ASCII). */
function field(tag: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMV field ${tag} is longer than 99 characters`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) as 4 upper-case hex digits, as EMVCo tag 63 carries it. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= (text.charCodeAt(i) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A document number as a bill-payment reference: upper case, letters and digits only (BL2569-RS1-00001 → BL2569RS100001). */
export function promptPayReference(documentNo: string): string {
  // Banks' apps and their settlement files accept A–Z and 0–9 only; the hyphens of our numbers carry no meaning.
  return documentNo
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 20);
}

function proxyField(raw: string): string {
  const id = raw.replace(/[\s-]/g, '');
  // Mobile numbers travel as 0066 + the number without its leading 0 (13 characters), ids as they are.
  const mobile = /^(?:0|\+66|66)([689]\d{8})$/.exec(id);
  if (mobile) return field('01', `0066${mobile[1]}`);
  if (/^\d{13}$/.test(id)) return field('02', id);
  throw new RangeError('PromptPay proxy must be a Thai mobile number or a 13-digit national/tax id');
}

function amountField(satang: number): string {
  // A code without an amount would let the payer type any sum; ours always carries the amount due (dynamic QR).
  if (!Number.isSafeInteger(satang) || satang <= 0 || satang > 999_999_999_999)
    throw new RangeError(`PromptPay amount must be whole satang above 0: ${satang}`);
  return field('54', `${Math.floor(satang / 100)}.${String(satang % 100).padStart(2, '0')}`);
}

/** The Thai QR payload (EMVCo merchant-presented, dynamic, THB, with its CRC) paying an amount by bill payment or to a proxy. */
export function promptPayPayload(to: PromptPayBill | PromptPayProxy): string {
  let account: string;
  if ('billerId' in to) {
    if (!/^\d{15}$/.test(to.billerId)) throw new RangeError('PromptPay biller id must be 15 digits (tax id + suffix)');
    for (const ref of [to.reference1, to.reference2]) {
      if (ref !== undefined && !REFERENCE.test(ref))
        throw new RangeError(`PromptPay reference must be 1–20 of A–Z, 0–9: ${ref}`);
    }
    account = field(
      '30',
      field('00', BILL_PAYMENT_AID) +
        field('01', to.billerId) +
        field('02', to.reference1) +
        (to.reference2 ? field('03', to.reference2) : ''),
    );
  } else {
    account = field('29', field('00', CREDIT_TRANSFER_AID) + proxyField(to.proxy));
  }
  // 01 = 12: a dynamic code, one payment of this amount (11 would be a static code reused for many payments).
  const body =
    field('00', '01') +
    field('01', '12') +
    account +
    field('53', '764') +
    amountField(to.amountSatang) +
    field('58', 'TH') +
    '6304';
  return body + crc16Ccitt(body);
}

/** The fields of an EMV TLV string by tag, in order (nested templates such as 29/30 are parsed again from their value). */
export function parseEmvTlv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const head = /^(\d{2})(\d{2})$/.exec(payload.slice(at, at + 4));
    if (!head) throw new RangeError(`EMV TLV: no tag and length at ${at}`);
    const length = Number(head[2]);
    if (at + 4 + length > payload.length) throw new RangeError(`EMV TLV: field ${head[1]} runs past the end`);
    fields.set(head[1]!, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** Whether an EMV payload ends with tag 63 holding the CRC of everything before its value. */
export function hasValidEmvCrc(payload: string): boolean {
  return /6304[0-9A-F]{4}$/.test(payload) && crc16Ccitt(payload.slice(0, -4)) === payload.slice(-4);
}
