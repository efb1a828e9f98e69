/* @jsxRuntime automatic */
import { z } from 'zod';
import { formatDate, formatDateTime, formatDay, formatMoney } from '../format';
import { formBool, formUuid, required } from '../form-params';
import { defineReport, type ReportContext } from '../registry';
import { RE, reportNotFound } from '../report-errors';
import type { ReportsRepository } from '../reports.repository';
import { ReportDocument } from '../templates/report-document';
import { EmptyRow, Note, ORGANISATION, ReportHeader } from '../templates/report-parts';
import { personName } from './labels';

const params = z.object({
  billingId: required(formUuid('ใบวางบิล')),
  /** ?new=true of /billing_report/{billingId}: print it again (spec §2). */
  new: formBool(),
});
type BillingParams = z.infer<typeof params>;

export interface BillingData {
  billing: NonNullable<Awaited<ReturnType<ReportsRepository['billing']>>>;
  lines: Awaited<ReturnType<ReportsRepository['billingLines']>>;
  receipts: Awaited<ReturnType<ReportsRepository['billingReceipts']>>;
  totalSatang: number;
  paidSatang: number;
}

function BillingTemplate({ data, p, ctx }: { data: BillingData; p: BillingParams; ctx: ReportContext }) {
  const b = data.billing;
  const title = `ใบวางบิล เลขที่ ${b.documentNo}${p.new ? ' (พิมพ์ซ้ำ)' : ''}`;
  return (
    <ReportDocument title={title} paper="A4">
      <ReportHeader
        title={title}
        organisation={`${ORGANISATION} · ${b.branchName}`}
        params={[
          ['โรงพยาบาล', b.hospitalName],
          ['สิทธิการรักษา', b.privilegeName ?? 'ทุกสิทธิ'],
          ['ช่วงวันที่', `${formatDay(b.startDate)} ถึง ${formatDay(b.endDate)}`],
          ['วันที่สร้าง', formatDateTime(b.createdAt)],
        ]}
        printedAt={ctx.now}
        printedBy={ctx.user.displayName}
      />
      <table>
        <thead>
          <tr><th>ลำดับ</th><th>วันนัดตรวจ</th><th>HN</th><th>ชื่อผู้ป่วย</th><th className="num">จำนวนเงิน (บาท)</th><th>ชำระแล้ว</th></tr>
        </thead>
        <tbody>
          {data.lines.length === 0 ? <EmptyRow columns={6} /> : data.lines.map((l, i) => (
            <tr key={l.requestId}>
              <td className="num">{i + 1}</td>
              <td className="nowrap">{formatDate(l.appointmentAt)}</td>
              <td>{l.hn}</td>
              <td>{personName(l.prefix, l.firstName, l.lastName)}</td>
              <td className="num">{formatMoney(l.totalSatang)}</td>
              <td>{l.paidAt ? `${formatDate(l.paidAt)}${l.receiptNo ? ` · ${l.receiptNo}` : ''}` : '—'}</td>
            </tr>
          ))}
          <tr className="total"><td colSpan={4}>รวมทั้งสิ้น</td><td className="num">{formatMoney(data.totalSatang)}</td><td /></tr>
          <tr className="sub"><td colSpan={4}>ชำระแล้ว</td><td className="num">{formatMoney(data.paidSatang)}</td><td /></tr>
        </tbody>
      </table>
      {data.receipts.length > 0 ? (
        <>
          <h2>ใบเสร็จรับเงิน</h2>
          <table>
            <thead><tr><th>เลขที่</th><th>วันที่</th><th>ประเภท</th><th>ธนาคาร</th><th>เลขที่อ้างอิง</th><th className="num">จำนวนเงิน (บาท)</th></tr></thead>
            <tbody>
              {data.receipts.map((r) => (
                <tr key={r.id}>
                  <td>{r.documentNo}</td><td>{formatDate(r.createdAt)}</td><td>{r.type === 'cheque' ? 'เช็ค' : 'โอนเงิน'}</td>
                  <td>{r.bankName}</td><td>{r.number}</td><td className="num">{formatMoney(r.amountSatang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      <Note>
        แบบฟอร์มใบวางบิลนี้แสดงข้อมูลที่มีในระบบขณะนี้ (รายการใบส่งตรวจ ยอดเงิน และการรับชำระ) —
        รูปแบบเอกสารฉบับจริง การลงนาม และการเก็บฉบับที่พิมพ์จะมาพร้อมระบบวางบิล (billing)
      </Note>
    </ReportDocument>
  );
}

/** billing_statement.rpt: a billing batch (spec §2 /billing_report/{billingId}, ?new=true to print again). */
export function billingStatementReport(repo: ReportsRepository) {
  return defineReport({
    name: 'billing_statement.rpt',
    title: 'ใบวางบิล',
    titleEn: 'Billing statement',
    permission: 'BILLING',
    scope: 'billing',
    params,
    fields: [{ name: 'billingId', kind: 'hidden', required: true }, { name: 'new', kind: 'checkbox', required: false }],
    paper: 'A4',
    async load(ctx, p): Promise<BillingData> {
      const billing = await repo.billing(ctx.user, p.billingId);
      if (!billing) throw reportNotFound(RE.billingNotFound);
      const [lines, receipts] = await Promise.all([repo.billingLines(billing.id), repo.billingReceipts(billing.id)]);
      return {
        billing, lines, receipts,
        totalSatang: lines.reduce((n, l) => n + l.totalSatang, 0),
        paidSatang: lines.reduce((n, l) => n + (l.paidAt ? l.totalSatang : 0), 0),
      };
    },
    template: (data, p, ctx) => <BillingTemplate data={data} p={p} ctx={ctx} />,
    fileName: (_p, d) => `billing-${d.billing.documentNo}.pdf`,
  });
}
