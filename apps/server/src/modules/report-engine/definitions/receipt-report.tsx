/* @jsxRuntime automatic */
import { z } from 'zod';
import { bahtText } from '@rangsi/domain';
import type { CurrentUser } from '../../../auth/current-user';
import { formatDateBE, formatMoney } from '../format';
import { formUuid, required } from '../form-params';
import { defineReport } from '../registry';
import { ReportDocument } from '../templates/report-document';
import { ORGANISATION } from '../templates/report-parts';

const params = z.object({
  billingId: required(formUuid('ใบวางบิล')),
  receiptId: required(formUuid('ใบเสร็จ')),
});

/** A receipt as printed: its number and payment, the batch and hospital it is for, and the requests it pays. */
export interface ReceiptData {
  receipt: {
    documentNo: string;
    createdAt: Date;
    type: string;
    bankName: string;
    number: string;
    amountSatang: number;
    linesSatang: number;
  };
  billing: { documentNo: string; branchName: string; hospitalName: string };
  lines: { requestId: string; appointmentAt: Date; hn: string; patientName: string; totalSatang: number }[];
}

/** Where the receipt's data comes from: the billing module (scope checked there, the print audited). */
export interface ReceiptSource {
  receiptDocument(user: CurrentUser, billingId: string, receiptId: string): Promise<ReceiptData>;
}

const RECEIPT_CSS = `
.doc-title{text-align:center;margin:2mm 0 4mm}
.doc-title h1{font-size:17pt}
.meta{display:grid;grid-template-columns:1fr auto;gap:1mm 8mm;margin-bottom:3mm}
.words{margin:2mm 0 4mm;padding:2mm 3mm;border:0.8pt solid #1d5f8f;font-weight:700}
.sign{display:flex;justify-content:flex-end;margin-top:14mm}
.sign div{text-align:center;width:70mm;border-top:0.6pt dotted #536170;padding-top:1mm}
`;

function ReceiptTemplate({ data }: { data: ReceiptData }) {
  const r = data.receipt;
  const deducted = r.linesSatang - r.amountSatang;
  return (
    <ReportDocument title={`ใบเสร็จรับเงิน ${r.documentNo}`} paper="A4" css={RECEIPT_CSS}>
      <div className="org">
        <div>
          <div className="name">
            {ORGANISATION} · {data.billing.branchName}
          </div>
        </div>
      </div>
      <div className="doc-title">
        <h1>ใบเสร็จรับเงิน</h1>
        <div>(Receipt)</div>
      </div>
      <div className="meta">
        <div>
          <b>ได้รับเงินจาก</b> {data.billing.hospitalName}
        </div>
        <div>
          <b>เลขที่</b> {r.documentNo}
        </div>
        <div>
          <b>อ้างอิงใบวางบิล</b> {data.billing.documentNo}
        </div>
        <div>
          <b>วันที่</b> {formatDateBE(r.createdAt)}
        </div>
      </div>
      <table>
        <thead>
          <tr>
            <th>ลำดับ</th>
            <th>วันนัดตรวจ</th>
            <th>HN</th>
            <th>ชื่อผู้ป่วย</th>
            <th className="num">จำนวนเงิน (บาท)</th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((l, i) => (
            <tr key={l.requestId}>
              <td className="num">{i + 1}</td>
              <td className="nowrap">{formatDateBE(l.appointmentAt)}</td>
              <td>{l.hn}</td>
              <td>{l.patientName}</td>
              <td className="num">{formatMoney(l.totalSatang)}</td>
            </tr>
          ))}
          <tr className="sub">
            <td colSpan={4}>รวมค่าบริการ</td>
            <td className="num">{formatMoney(r.linesSatang)}</td>
          </tr>
          {deducted > 0 ? (
            <tr className="sub">
              <td colSpan={4}>หัก ภาษี ณ ที่จ่าย / ค่าธรรมเนียม</td>
              <td className="num">{formatMoney(deducted)}</td>
            </tr>
          ) : null}
          <tr className="total">
            <td colSpan={4}>จำนวนเงินที่ได้รับ</td>
            <td className="num">{formatMoney(r.amountSatang)}</td>
          </tr>
        </tbody>
      </table>
      <div className="words">({bahtText(r.amountSatang)})</div>
      <div>
        <b>ชำระโดย</b> {r.type === 'cheque' ? 'เช็ค' : 'โอนเงิน'} · <b>ธนาคาร</b> {r.bankName} ·{' '}
        <b>{r.type === 'cheque' ? 'เลขที่เช็ค' : 'เลขที่อ้างอิง'}</b> {r.number}
      </div>
      <div className="sign">
        <div>ผู้รับเงิน</div>
      </div>
    </ReportDocument>
  );
}

/**
 * receipt.rpt: ใบเสร็จรับเงิน of a billing batch, served by GET /api/billing/{billingId}/receipt/{receiptId}/file
 * (not listed in any report tab). Amount in Thai words, dates in the Buddhist era.
 */
export function receiptReport(source: ReceiptSource) {
  return defineReport({
    name: 'receipt.rpt',
    title: 'ใบเสร็จรับเงิน',
    titleEn: 'Receipt',
    permission: 'BILLING',
    scope: 'billing',
    params,
    fields: [
      { name: 'billingId', kind: 'hidden', required: true },
      { name: 'receiptId', kind: 'hidden', required: true },
    ],
    availableFor: () => false,
    paper: 'A4',
    load: (ctx, p) => source.receiptDocument(ctx.user, p.billingId, p.receiptId),
    template: (data) => <ReceiptTemplate data={data} />,
    fileName: (_p, d) => `receipt-${d.receipt.documentNo}.pdf`,
  });
}
