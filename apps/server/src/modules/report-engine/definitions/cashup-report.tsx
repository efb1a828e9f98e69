/* @jsxRuntime automatic */
import { z } from 'zod';
import type { CurrentUser } from '../../../auth/current-user';
import { formatCount, formatDateTime, formatDayBE, formatMoney } from '../format';
import { formDay, formId, optional } from '../form-params';
import { defineReport, type ReportContext } from '../registry';
import { reportEngineError } from '../report-engine.errors';
import { ReportDocument } from '../templates/report-document';
import { EmptyRow, Note, ORGANISATION, ReportHeader } from '../templates/report-parts';
import { bangkokDayOf } from '@rangsi/domain';

const params = z.object({
  day: optional(formDay()),
  branchId: optional(formId('สาขา')),
});
type CashupParams = z.infer<typeof params>;

/** The flags that open the cash-up (decision acc44): any of the three accounting desks. */
export const CASHUP_PERMISSIONS = ['BILLING', 'ACCOUNTING_MONEY', 'ACCOUNTING_COST'] as const;

export const RECEIPT_TYPE_TH = { transfer: 'โอนเงิน', cheque: 'เช็ค' } as const;
export const FEE_TYPE_TH = { cash: 'เงินสด', cheque: 'เช็ค' } as const;

export interface CashupReceipt {
  receiptId: string;
  receiptDocumentId: string;
  type: 'transfer' | 'cheque';
  bankName: string;
  number: string;
  amountSatang: number;
  hospitalName: string;
  billingDocumentId: string;
  createdAt: Date;
  voidedAt: Date | null;
  voidReason: string | null;
}

export interface CashupFee {
  id: number;
  type: 'cash' | 'cheque';
  methodName: string;
  amountSatang: number;
  referenceCode: string;
  receiptDocumentId: string | null;
  remark: string;
  createdAt: Date;
}

/** A branch's day as the cash-up prints it (the accounting module assembles it from billing's receipts and its own tables). */
export interface CashupData {
  branchId: number;
  branchName: string;
  day: string;
  /** Live receipts of the day by type; voided ones apart, not counted. */
  transfers: CashupReceipt[];
  cheques: CashupReceipt[];
  voided: CashupReceipt[];
  fees: CashupFee[];
  /** The day's fees per type and payment method. */
  feesByMethod: { type: 'cash' | 'cheque'; methodName: string; count: number; totalSatang: number }[];
  /** More fees than listed (the totals still count them all). */
  feesTruncated: boolean;
  /** The day's latest petty-cash revision, with how many there are; null when none was saved. */
  pettyCash: {
    revision: number;
    revisions: number;
    yesterdayDay: string | null;
    yesterdaySatang: number;
    todaySatang: number;
    items: { name: string; amountSatang: number }[];
    expensesSatang: number;
    balanceSatang: number;
    remark: string;
    createdBy: string;
    createdAt: Date;
  } | null;
  totals: {
    transferSatang: number;
    chequeSatang: number;
    receiptsSatang: number;
    voidedSatang: number;
    feeCashSatang: number;
    feeChequeSatang: number;
    feesSatang: number;
  };
}

/** Where the cash-up comes from: the accounting module (scope, branch and reads through billing's port). */
export interface CashupSource {
  cashup(user: CurrentUser, q: { day?: string | undefined; branchId?: number | undefined }): Promise<CashupData>;
}

const time = (d: Date) => formatDateTime(d).slice(-5);

function ReceiptTable({
  title,
  rows,
  totalLabel,
  totalSatang,
}: {
  title: string;
  rows: CashupReceipt[];
  totalLabel: string;
  totalSatang: number;
}) {
  return (
    <>
      <h2>{title}</h2>
      <table>
        <thead>
          <tr>
            <th>ลำดับ</th>
            <th>เลขที่ใบเสร็จ</th>
            <th>เวลา</th>
            <th>โรงพยาบาล</th>
            <th>ใบวางบิล</th>
            <th>ธนาคาร</th>
            <th>เลขที่อ้างอิง</th>
            <th className="num">จำนวนเงิน (บาท)</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow columns={8} />
          ) : (
            rows.map((r, i) => (
              <tr key={r.receiptId}>
                <td className="num">{i + 1}</td>
                <td className="nowrap">{r.receiptDocumentId}</td>
                <td>{time(r.createdAt)}</td>
                <td>{r.hospitalName}</td>
                <td className="nowrap">{r.billingDocumentId}</td>
                <td>{r.bankName}</td>
                <td>{r.number}</td>
                <td className="num">{formatMoney(r.amountSatang)}</td>
              </tr>
            ))
          )}
          <tr className="total">
            <td colSpan={7}>{totalLabel}</td>
            <td className="num">{formatMoney(totalSatang)}</td>
          </tr>
        </tbody>
      </table>
    </>
  );
}

function CashupTemplate({ data, ctx }: { data: CashupData; ctx: ReportContext }) {
  const t = data.totals;
  const pc = data.pettyCash;
  const title = 'รายงานปิดยอดประจำวัน';
  return (
    <ReportDocument title={`${title} ${formatDayBE(data.day)}`} paper="A4">
      <ReportHeader
        title={title}
        organisation={`${ORGANISATION} · ${data.branchName}`}
        params={[
          ['สาขา', data.branchName],
          ['วันที่', formatDayBE(data.day)],
        ]}
        printedAt={ctx.now}
        printedBy={ctx.user.displayName}
      />
      <ReceiptTable
        title="ใบเสร็จรับเงิน: โอนเงิน"
        rows={data.transfers}
        totalLabel="รวมโอนเงิน"
        totalSatang={t.transferSatang}
      />
      <ReceiptTable title="ใบเสร็จรับเงิน: เช็ค" rows={data.cheques} totalLabel="รวมเช็ค" totalSatang={t.chequeSatang} />
      {data.voided.length > 0 ? (
        <>
          <h2>ใบเสร็จที่ยกเลิก (ไม่นับรวมยอด)</h2>
          <table>
            <thead>
              <tr>
                <th>เลขที่ใบเสร็จ</th>
                <th>ประเภท</th>
                <th>โรงพยาบาล</th>
                <th className="num">จำนวนเงิน (บาท)</th>
                <th>ยกเลิกเมื่อ</th>
                <th>เหตุผล</th>
              </tr>
            </thead>
            <tbody>
              {data.voided.map((r) => (
                <tr key={r.receiptId}>
                  <td className="nowrap">{r.receiptDocumentId}</td>
                  <td>{RECEIPT_TYPE_TH[r.type]}</td>
                  <td>{r.hospitalName}</td>
                  <td className="num">{formatMoney(r.amountSatang)}</td>
                  <td className="nowrap">{r.voidedAt ? formatDateTime(r.voidedAt) : ''}</td>
                  <td>{r.voidReason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      <h2>ค่าตรวจ</h2>
      <table>
        <thead>
          <tr>
            <th>ลำดับ</th>
            <th>เวลาบันทึก</th>
            <th>ประเภท</th>
            <th>วิธีชำระ</th>
            <th>เลขที่อ้างอิง</th>
            <th>ใบเสร็จ</th>
            <th>หมายเหตุ</th>
            <th className="num">จำนวนเงิน (บาท)</th>
          </tr>
        </thead>
        <tbody>
          {data.fees.length === 0 ? (
            <EmptyRow columns={8} />
          ) : (
            data.fees.map((f, i) => (
              <tr key={f.id}>
                <td className="num">{i + 1}</td>
                <td>{time(f.createdAt)}</td>
                <td>{FEE_TYPE_TH[f.type]}</td>
                <td>{f.methodName}</td>
                <td>{f.referenceCode}</td>
                <td className="nowrap">{f.receiptDocumentId ?? ''}</td>
                <td>{f.remark}</td>
                <td className="num">{formatMoney(f.amountSatang)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {data.feesTruncated ? <Note>แสดงรายการค่าตรวจบางส่วน ยอดรวมนับทุกรายการ</Note> : null}
      <table>
        <thead>
          <tr>
            <th>ประเภท</th>
            <th>วิธีชำระ</th>
            <th className="num">จำนวนรายการ</th>
            <th className="num">จำนวนเงิน (บาท)</th>
          </tr>
        </thead>
        <tbody>
          {data.feesByMethod.length === 0 ? (
            <EmptyRow columns={4} />
          ) : (
            data.feesByMethod.map((m) => (
              <tr key={`${m.type}-${m.methodName}`}>
                <td>{FEE_TYPE_TH[m.type]}</td>
                <td>{m.methodName}</td>
                <td className="num">{formatCount(m.count)}</td>
                <td className="num">{formatMoney(m.totalSatang)}</td>
              </tr>
            ))
          )}
          <tr className="total">
            <td colSpan={3}>รวมค่าตรวจ</td>
            <td className="num">{formatMoney(t.feesSatang)}</td>
          </tr>
        </tbody>
      </table>
      <h2>เงินสดย่อย</h2>
      {pc ? (
        <table>
          <tbody>
            <tr>
              <td>ยอดยกมา{pc.yesterdayDay ? ` (${formatDayBE(pc.yesterdayDay)})` : ''}</td>
              <td className="num">{formatMoney(pc.yesterdaySatang)}</td>
            </tr>
            <tr>
              <td>รับโอนวันนี้ (ตามที่บันทึก)</td>
              <td className="num">{formatMoney(pc.todaySatang)}</td>
            </tr>
            {pc.items.map((it, i) => (
              <tr key={i}>
                <td>ค่าใช้จ่าย: {it.name}</td>
                <td className="num">{formatMoney(it.amountSatang)}</td>
              </tr>
            ))}
            <tr className="sub">
              <td>รวมค่าใช้จ่าย</td>
              <td className="num">{formatMoney(pc.expensesSatang)}</td>
            </tr>
            <tr className="total">
              <td>เงินสดย่อยคงเหลือ</td>
              <td className="num">{formatMoney(pc.balanceSatang)}</td>
            </tr>
          </tbody>
        </table>
      ) : (
        <Note>ยังไม่มีการบันทึกเงินสดย่อยของวันนี้</Note>
      )}
      {pc ? (
        <Note>
          ฉบับบันทึกที่ {pc.revision} จาก {pc.revisions} · บันทึกโดย {pc.createdBy} เมื่อ {formatDateTime(pc.createdAt)}
          {pc.remark ? ` · ${pc.remark}` : ''}
        </Note>
      ) : null}
      <h2>สรุปปิดยอด</h2>
      <table>
        <tbody>
          <tr>
            <td>รับโอนเงินตามใบเสร็จ ({formatCount(data.transfers.length)} ใบ)</td>
            <td className="num">{formatMoney(t.transferSatang)}</td>
          </tr>
          <tr>
            <td>รับเช็คตามใบเสร็จ ({formatCount(data.cheques.length)} ใบ)</td>
            <td className="num">{formatMoney(t.chequeSatang)}</td>
          </tr>
          <tr className="sub">
            <td>รวมรับตามใบเสร็จ</td>
            <td className="num">{formatMoney(t.receiptsSatang)}</td>
          </tr>
          <tr>
            <td>ค่าตรวจเงินสด</td>
            <td className="num">{formatMoney(t.feeCashSatang)}</td>
          </tr>
          <tr>
            <td>ค่าตรวจเช็ค</td>
            <td className="num">{formatMoney(t.feeChequeSatang)}</td>
          </tr>
          <tr className="sub">
            <td>รวมค่าตรวจทั้งวัน</td>
            <td className="num">{formatMoney(t.feesSatang)}</td>
          </tr>
          <tr className="total">
            <td>เงินสดย่อยคงเหลือ ณ สิ้นวัน</td>
            <td className="num">{pc ? formatMoney(pc.balanceSatang) : '—'}</td>
          </tr>
        </tbody>
      </table>
      {pc && pc.todaySatang !== t.transferSatang ? (
        <Note>
          ยอดรับโอนในเงินสดย่อย ({formatMoney(pc.todaySatang)}) ไม่ตรงกับใบเสร็จโอนเงินของวัน ({formatMoney(t.transferSatang)}):
          มีใบเสร็จออกหรือยกเลิกหลังบันทึกเงินสดย่อย
        </Note>
      ) : null}
      {data.voided.length > 0 ? (
        <Note>
          ใบเสร็จที่ยกเลิก {formatCount(data.voided.length)} ใบ รวม {formatMoney(t.voidedSatang)} บาท ไม่นับรวมในยอดข้างต้น
        </Note>
      ) : null}
    </ReportDocument>
  );
}

/**
 * accounting_cashup.rpt: a branch's day (issue 24 item 9b, decision acc44): the day's receipts by type, exam fees by
 * type and payment method, petty cash and the closing figures. Listed under the `accounting` prefix, so it is a tab of
 * /accounting_report/{id}; registered by the accounting module, which reads the data and applies the branch scope.
 */
export function cashupReport(source: CashupSource) {
  return defineReport({
    name: 'accounting_cashup.rpt',
    title: 'รายงานปิดยอดประจำวัน',
    titleEn: 'Daily cash-up',
    permission: CASHUP_PERMISSIONS[0],
    anyOf: CASHUP_PERMISSIONS.slice(1),
    scope: 'accounting',
    params,
    fields: [
      { name: 'day', kind: 'date', required: false },
      { name: 'branchId', kind: 'branch', required: false },
    ],
    defaults: (ctx) => ({ day: bangkokDayOf(ctx.now) }),
    paper: 'A4',
    load: (ctx, p: CashupParams) => {
      if (ctx.user.scope === 'hospital') throw reportEngineError('REPORT_ENGINE_FORBIDDEN');
      return source.cashup(ctx.user, { day: p.day, branchId: p.branchId });
    },
    template: (data, _p, ctx) => <CashupTemplate data={data} ctx={ctx} />,
    fileName: (_p, d) => `cashup-${d.day}.pdf`,
  });
}
