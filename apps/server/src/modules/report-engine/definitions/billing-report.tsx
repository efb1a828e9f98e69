/* @jsxRuntime automatic */
import { mayPrintBillingDocuments } from '@rangsi/domain';
import { z } from 'zod';
import type { CurrentUser } from '../../../auth/current-user';
import { formatDateBE, formatDayBE, formatMoney } from '../format';
import { formBool, formUuid, required } from '../form-params';
import { defineReport, type ReportContext } from '../registry';
import { reportEngineError } from '../report-engine.errors';
import { PaymentQr, paymentQrPayload } from '../templates/payment-qr';
import { ReportDocument } from '../templates/report-document';
import { EmptyRow, ORGANISATION, ReportHeader } from '../templates/report-parts';

const params = z.object({
  billingId: required(formUuid('ใบวางบิล')),
  /** ?new=true of /billing_report/{billingId}: print it again (spec §2). */
  new: formBool(),
});
type BillingParams = z.infer<typeof params>;

/** A billing statement as printed: the batch, its lines (with where each is paid), its live receipts, the sums. */
export interface StatementData {
  billing: {
    documentNo: string;
    branchName: string;
    hospitalName: string;
    privilegeName: string | null;
    startDate: string;
    endDate: string;
    createdAt: Date;
  };
  lines: {
    requestId: string;
    appointmentAt: Date;
    hn: string;
    patientName: string;
    totalSatang: number;
    paidAt: Date | null;
    paidReceiptNo: string | null;
  }[];
  receipts: {
    id: string;
    documentNo: string;
    createdAt: Date;
    type: string;
    bankName: string;
    number: string;
    amountSatang: number;
  }[];
  totalSatang: number;
  paidSatang: number;
}

/** How a money document asks to be paid: the PromptPay biller id of the settings (decision acc41), absent when unset. */
export interface PaymentSettings {
  promptPayBillerId?: string;
}

/** Where the statement's data comes from: the billing module, which checks the scope and records the print. */
export interface StatementSource {
  statementDocument(user: CurrentUser, billingId: string, reprint: boolean): Promise<StatementData>;
}

function BillingTemplate({
  data,
  p,
  ctx,
  payment,
}: {
  data: StatementData;
  p: BillingParams;
  ctx: ReportContext;
  payment: PaymentSettings;
}) {
  const b = data.billing;
  const dueSatang = data.totalSatang - data.paidSatang;
  // What is still due when printed (a reprint after a part payment asks for the rest); no code once all is paid.
  const qr = paymentQrPayload(payment.promptPayBillerId, { amountSatang: dueSatang, reference: b.documentNo });
  const title = `ใบวางบิล เลขที่ ${b.documentNo}${p.new ? ' (พิมพ์ซ้ำ)' : ''}`;
  return (
    <ReportDocument title={title} paper="A4" css={PAY_CSS}>
      <ReportHeader
        title={title}
        organisation={`${ORGANISATION} · ${b.branchName}`}
        params={[
          ['โรงพยาบาล', b.hospitalName],
          ['สิทธิการรักษา', b.privilegeName ?? 'ทุกสิทธิ'],
          ['ช่วงวันที่', `${formatDayBE(b.startDate)} ถึง ${formatDayBE(b.endDate)}`],
          ['วันที่ออก', formatDateBE(b.createdAt)],
        ]}
        printedAt={ctx.now}
        printedBy={ctx.user.displayName}
      />
      <table>
        <thead>
          <tr>
            <th>ลำดับ</th>
            <th>วันนัดตรวจ</th>
            <th>HN</th>
            <th>ชื่อผู้ป่วย</th>
            <th className="num">จำนวนเงิน (บาท)</th>
            <th>ชำระแล้ว</th>
          </tr>
        </thead>
        <tbody>
          {data.lines.length === 0 ? (
            <EmptyRow columns={6} />
          ) : (
            data.lines.map((l, i) => (
              <tr key={l.requestId}>
                <td className="num">{i + 1}</td>
                <td className="nowrap">{formatDateBE(l.appointmentAt)}</td>
                <td>{l.hn}</td>
                <td>{l.patientName}</td>
                <td className="num">{formatMoney(l.totalSatang)}</td>
                <td>{l.paidAt ? `${formatDateBE(l.paidAt)}${l.paidReceiptNo ? ` · ${l.paidReceiptNo}` : ''}` : '—'}</td>
              </tr>
            ))
          )}
          <tr className="total">
            <td colSpan={4}>รวมทั้งสิ้น</td>
            <td className="num">{formatMoney(data.totalSatang)}</td>
            <td />
          </tr>
          <tr className="sub">
            <td colSpan={4}>ชำระแล้ว</td>
            <td className="num">{formatMoney(data.paidSatang)}</td>
            <td />
          </tr>
          <tr className="sub">
            <td colSpan={4}>คงค้างชำระ</td>
            <td className="num">{formatMoney(dueSatang)}</td>
            <td />
          </tr>
        </tbody>
      </table>
      {qr ? (
        <div className="pay">
          <PaymentQr payload={qr} amountSatang={dueSatang} />
        </div>
      ) : null}
      {data.receipts.length > 0 ? (
        <>
          <h2>ใบเสร็จรับเงิน</h2>
          <table>
            <thead>
              <tr>
                <th>เลขที่</th>
                <th>วันที่</th>
                <th>ประเภท</th>
                <th>ธนาคาร</th>
                <th>เลขที่อ้างอิง</th>
                <th className="num">จำนวนเงิน (บาท)</th>
              </tr>
            </thead>
            <tbody>
              {data.receipts.map((r) => (
                <tr key={r.id}>
                  <td>{r.documentNo}</td>
                  <td>{formatDateBE(r.createdAt)}</td>
                  <td>{r.type === 'cheque' ? 'เช็ค' : 'โอนเงิน'}</td>
                  <td>{r.bankName}</td>
                  <td>{r.number}</td>
                  <td className="num">{formatMoney(r.amountSatang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </ReportDocument>
  );
}

/** The payment QR code sits at the right under the totals. */
export const PAY_CSS = '.pay{display:flex;justify-content:flex-end;margin-top:4mm}';

/**
 * billing_statement.rpt: a billing batch (spec §2 /billing_report/{billingId}, ?new=true to print again). Registered
 * by the billing module, which reads the batch and records the print.
 */
export function billingStatementReport(source: StatementSource, payment: PaymentSettings = {}) {
  return defineReport({
    name: 'billing_statement.rpt',
    title: 'ใบวางบิล',
    titleEn: 'Billing statement',
    permission: 'BILLING',
    // Hospital users hold REQUEST_SEARCH; the loader lets only their hospital's statements through.
    anyOf: ['REQUEST_SEARCH'],
    scope: 'billing',
    params,
    fields: [
      { name: 'billingId', kind: 'hidden', required: true },
      { name: 'new', kind: 'checkbox', required: false },
    ],
    availableFor: (ctx) => mayPrintBillingDocuments(ctx.user),
    paper: 'A4',
    async load(ctx, p): Promise<StatementData> {
      if (!mayPrintBillingDocuments(ctx.user)) throw reportEngineError('REPORT_ENGINE_FORBIDDEN');
      return source.statementDocument(ctx.user, p.billingId, p.new);
    },
    template: (data, p, ctx) => <BillingTemplate data={data} p={p} ctx={ctx} payment={payment} />,
    fileName: (_p, d) => `billing-${d.billing.documentNo}.pdf`,
  });
}
