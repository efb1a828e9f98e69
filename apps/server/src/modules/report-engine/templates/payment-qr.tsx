/* @jsxRuntime automatic */
import { formatSatang, promptPayPayload, promptPayReference } from '@rangsi/domain';
import QRCode from 'qrcode';

/** Quiet zone around the symbol, in modules (ISO/IEC 18004 asks for 4). */
const QUIET = 4;

/**
 * The dark modules of a QR symbol as one SVG path (a 1×1 square per module), built from the qrcode package's matrix
 * so that the document's SVG is written by React from numbers: nothing of a library's markup is injected.
 */
export function qrModulesPath(text: string): { size: number; d: string } {
  // Level M: survives a smudge or a fold on paper yet keeps a statement's ~100-character payload small (version 5).
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
    }
  }
  return { size: modules.size, d: parts.join('') };
}

/**
 * The Thai QR payload a document prints for an amount due, or null when no biller is configured (PROMPTPAY_BILLER_ID
 * unset: the document prints without a QR code). `reference` is the document number the payment settles: the bank
 * reports it back with the transfer, which is how the accounting staff match a payment to its statement.
 */
export function paymentQrPayload(
  billerId: string | undefined,
  due: { amountSatang: number; reference: string },
): string | null {
  if (!billerId || due.amountSatang <= 0) return null;
  return promptPayPayload({ billerId, reference1: promptPayReference(due.reference), amountSatang: due.amountSatang });
}

/** A Thai QR payment code as inline SVG with the amount it asks for under it; `payload` from paymentQrPayload. */
export function PaymentQr({
  payload,
  amountSatang,
  sizeMm = 32,
}: {
  payload: string;
  amountSatang: number;
  sizeMm?: number;
}) {
  const { size, d } = qrModulesPath(payload);
  const box = size + 2 * QUIET;
  return (
    <figure
      className="payment-qr"
      style={{ margin: 0, width: `${sizeMm}mm`, textAlign: 'center', breakInside: 'avoid' }}
    >
      <svg
        viewBox={`${-QUIET} ${-QUIET} ${box} ${box}`}
        width={`${sizeMm}mm`}
        height={`${sizeMm}mm`}
        xmlns="http://www.w3.org/2000/svg"
        role="img"
        aria-label="Thai QR Payment"
      >
        <rect x={-QUIET} y={-QUIET} width={box} height={box} fill="#ffffff" />
        <path d={d} fill="#000000" shapeRendering="crispEdges" />
      </svg>
      <figcaption style={{ fontSize: '8pt', lineHeight: 1.5 }}>
        สแกนชำระด้วย Thai QR (พร้อมเพย์)
        <br />
        {formatSatang(amountSatang)} บาท
      </figcaption>
    </figure>
  );
}
