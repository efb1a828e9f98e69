import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasValidEmvCrc, parseEmvTlv } from '@rangsi/domain';
import { createChromiumPdfRenderer, type PdfRenderer } from '../../../pdf/pdf-renderer';
import { decodeQrCodes, pdfText } from '../testing/pdf-tools';
import { PaymentQr, paymentQrPayload } from './payment-qr';
import { ReportDocument } from './report-document';

const BILLER = '010555012345601';
let renderer: PdfRenderer;

beforeAll(() => {
  renderer = createChromiumPdfRenderer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    poolSize: 1,
  });
});
afterAll(async () => {
  await renderer.close();
});

/** An A4 document like a statement's foot: a line of text and the QR code of the amount due. */
function documentWith(payload: string, amountSatang: number): string {
  const body = createElement(
    'div',
    null,
    createElement('p', null, 'ใบแจ้งหนี้ BL2569-RS1-00001'),
    createElement(PaymentQr, { payload, amountSatang }),
  );
  return `<!doctype html>${renderToStaticMarkup(createElement(ReportDocument, { title: 'ใบแจ้งหนี้', paper: 'A4', children: body }))}`;
}

describe(paymentQrPayload.name, () => {
  it('prints nothing when no biller id is configured, or nothing is due', () => {
    expect(paymentQrPayload(undefined, { amountSatang: 100, reference: 'BL2569-RS1-00001' })).toBeNull();
    expect(paymentQrPayload(BILLER, { amountSatang: 0, reference: 'BL2569-RS1-00001' })).toBeNull();
  });
});

describe('PaymentQr printed in a PDF', () => {
  it('is read back by a QR decoder as the bill payment of the amount due, its CRC right', async () => {
    const amountSatang = 1_234_567_890;
    const payload = paymentQrPayload(BILLER, { amountSatang, reference: 'BL2569-RS1-00001' });
    expect(payload).not.toBeNull();
    const pdf = await renderer.render({ html: documentWith(payload!, amountSatang) });

    const [decoded] = await decodeQrCodes(pdf);
    expect(decoded).toBe(payload);
    expect(hasValidEmvCrc(decoded!)).toBe(true);
    const fields = parseEmvTlv(decoded!);
    expect(fields.get('54')).toBe('12345678.90');
    expect(fields.get('53')).toBe('764');
    expect(Object.fromEntries(parseEmvTlv(fields.get('30')!))).toEqual({
      '00': 'A000000677010112',
      '01': BILLER,
      '02': 'BL2569RS100001',
    });
    expect(pdfText(pdf)).toContain('12,345,678.90 บาท');
  }, 60_000);

  it('finds no code on a page without one (the decoder is not fooled by text)', async () => {
    const html = `<!doctype html>${renderToStaticMarkup(createElement(ReportDocument, { title: 'x', paper: 'A4', children: createElement('p', null, 'ไม่มีคิวอาร์') }))}`;
    expect(await decodeQrCodes(await renderer.render({ html }))).toEqual([null]);
  }, 60_000);
});
