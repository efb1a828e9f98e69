/* @jsxRuntime automatic */
import { z } from 'zod';
import type { CurrentUser } from '../../../auth/current-user';
import { formatCount, formatDate, formatDateBE, formatDateTime, formatMoney } from '../format';
import { formUuid, required } from '../form-params';
import { defineReport, type ReportContext } from '../registry';
import { reportEngineError } from '../report-engine.errors';
import type { Database } from '../../../db/client';
import { ReportEngineRepository } from '../report-engine.repository';
import { Code128 } from '../templates/barcode';
import { PaymentQr, paymentQrPayload } from '../templates/payment-qr';
import { ReportDocument } from '../templates/report-document';
import { EmptyRow, Note, ORGANISATION, ReportHeader } from '../templates/report-parts';
import { PAY_CSS, type PaymentSettings } from './billing-report';
import { personName } from './labels';

const requestParams = z.object({ requestId: required(formUuid('ใบส่งตรวจ')) });

/**
 * A request the user may print invoice and sticker for (spec §6 REQUEST_INVOICE, §8): in their request scope, not on
 * Hold, with an exam time — the same rule that enables the list's icons (allowToClickInvoice).
 */
async function printableRequest(repo: ReportEngineRepository, user: CurrentUser, requestId: string) {
  const request = await repo.request(user, requestId);
  if (!request) throw reportEngineError('REPORT_REQUEST_NOT_FOUND');
  if (request.status === 'Hold') throw reportEngineError('REPORT_REQUEST_HOLD');
  if (!request.examStartTime) throw reportEngineError('REPORT_REQUEST_NO_TIME');
  return request;
}

const STICKER_CSS = `
body{font-size:7pt}
.label{width:50mm;height:30mm;padding:1.2mm 2.2mm 1mm;overflow:hidden;display:flex;flex-direction:column;break-after:page}
.label:last-child{break-after:auto}
.label .name{font-size:9pt;font-weight:700;line-height:1.5;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.label .line{display:flex;justify-content:space-between;gap:1mm;line-height:1.5;white-space:nowrap}
.label .bars{display:block;width:100%;height:11.5mm;margin-top:0.6mm}
.label .acc{text-align:center;font-size:8pt;line-height:1.5;letter-spacing:0.3pt;font-variant-numeric:tabular-nums}
`;

export interface StickerData {
  requestId: string;
  patientId: string;
  labels: {
    examId: string;
    name: string;
    hn: string;
    accessionNumber: string;
    modalityCode: string;
    examDate: Date;
    birthDate: string | null;
  }[];
}

/** sticker.rpt: one 50 × 30 mm label per exam of a request (spec §2 /reportviewer/{requestId}/sticker). */
export function stickerReport(repo: ReportEngineRepository) {
  return defineReport({
    name: 'sticker.rpt',
    title: 'สติกเกอร์ใบส่งตรวจ',
    titleEn: 'Request sticker',
    permission: 'REQUEST_INVOICE',
    scope: 'request',
    params: requestParams,
    fields: [{ name: 'requestId', kind: 'hidden', required: true }],
    paper: { widthMm: 50, heightMm: 30 },
    async load(ctx, p): Promise<StickerData> {
      const request = await printableRequest(repo, ctx.user, p.requestId);
      const exams = (await repo.requestExams(p.requestId)).filter((e) => e.accessionNumber);
      if (exams.length === 0) throw reportEngineError('REPORT_REQUEST_NO_ACCESSION');
      return {
        requestId: p.requestId,
        patientId: request.patientId,
        labels: exams.map((e) => ({
          examId: e.id,
          name: personName(e.prefixName, e.firstName, e.middleName, e.lastName),
          hn: e.hn,
          accessionNumber: e.accessionNumber!,
          modalityCode: e.modalityCode,
          examDate: e.examDate,
          birthDate: e.birthDate,
        })),
      };
    },
    template: (data) => (
      <ReportDocument title="สติกเกอร์ใบส่งตรวจ" paper={{ widthMm: 50, heightMm: 30 }} css={STICKER_CSS}>
        {data.labels.map((l) => (
          <section className="label" key={l.examId}>
            <div className="name">{l.name}</div>
            <div className="line">
              <span>{/^hn/i.test(l.hn) ? l.hn : `HN ${l.hn}`}</span>
              <span>{l.modalityCode}</span>
              <span>{formatDate(l.examDate)}</span>
            </div>
            <Code128 text={l.accessionNumber} className="bars" />
            <div className="acc">{l.accessionNumber}</div>
          </section>
        ))}
      </ReportDocument>
    ),
    fileName: () => 'sticker.pdf',
    patientOf: (d) => d.patientId,
  });
}

export interface InvoiceData {
  request: NonNullable<Awaited<ReturnType<ReportEngineRepository['request']>>>;
  /** IV…, allocated on the first print (decision acc17). */
  invoiceNo: string;
  lines: Awaited<ReturnType<ReportEngineRepository['requestLines']>>;
  accessions: string[];
  totalSatang: number;
  /** Paid (in a batch, by receipt or by hand): the invoice then asks for nothing. */
  paid: boolean;
}

function InvoiceTemplate({ data, ctx, payment }: { data: InvoiceData; ctx: ReportContext; payment: PaymentSettings }) {
  const r = data.request;
  const qr = data.paid
    ? null
    : paymentQrPayload(payment.promptPayBillerId, { amountSatang: data.totalSatang, reference: data.invoiceNo });
  const title = `ใบแจ้งค่าบริการตรวจ (Invoice) เลขที่ ${data.invoiceNo}`;
  return (
    <ReportDocument title={title} paper="A4" css={PAY_CSS}>
      <ReportHeader
        title={title}
        organisation={`${ORGANISATION} · ${r.branchName}`}
        params={[
          ['เลขที่', data.invoiceNo],
          ['วันที่', formatDateBE(ctx.now)],
          ['ผู้ป่วย', personName(r.prefix, r.firstName, r.middleName, r.lastName)],
          ['HN', r.hn],
          ['วันนัดตรวจ', formatDateTime(r.appointmentAt)],
          ['โรงพยาบาล', r.hospitalName ?? '—'],
          ['สิทธิการรักษา', r.privilegeName ?? '—'],
          ['Accession', data.accessions.join(', ') || '—'],
        ]}
        printedAt={ctx.now}
        printedBy={ctx.user.displayName}
      />
      <table>
        <thead>
          <tr>
            <th>ลำดับ</th>
            <th>รายการ</th>
            <th>Modality</th>
            <th>กลุ่ม</th>
            <th className="num">จำนวน</th>
            <th className="num">ราคาต่อหน่วย (บาท)</th>
            <th className="num">จำนวนเงิน (บาท)</th>
          </tr>
        </thead>
        <tbody>
          {data.lines.length === 0 ? (
            <EmptyRow columns={7} />
          ) : (
            data.lines.map((l, i) => (
              <tr key={l.productId}>
                <td className="num">{i + 1}</td>
                <td>
                  {l.name}
                  {l.dose ? <span className="muted"> ({l.dose})</span> : null}
                </td>
                <td>{l.modalityCode}</td>
                <td>{l.productGroup}</td>
                <td className="num">{formatCount(l.quantity)}</td>
                <td className="num">{formatMoney(l.unitPriceSatang)}</td>
                <td className="num">{formatMoney(l.unitPriceSatang * l.quantity)}</td>
              </tr>
            ))
          )}
          <tr className="total">
            <td colSpan={6}>รวมทั้งสิ้น</td>
            <td className="num">{formatMoney(data.totalSatang)}</td>
          </tr>
        </tbody>
      </table>
      {qr ? (
        <div className="pay">
          <PaymentQr payload={qr} amountSatang={data.totalSatang} />
        </div>
      ) : null}
      <Note>ใบแจ้งค่าบริการนี้ไม่ใช่ใบเสร็จรับเงิน ราคาตามที่บันทึกไว้ในใบส่งตรวจ (รวมราคาพิเศษที่อนุมัติแล้ว)</Note>
    </ReportDocument>
  );
}

/** Gives a request its invoice number on the first print, the same one after (the billing module owns the numbers). */
export interface InvoiceNumbering {
  invoiceNumber(user: CurrentUser, request: { id: string; branchId: number }): Promise<string>;
  /** Is the request paid (in some batch)? A paid request's invoice prints no payment QR code. */
  isRequestPaid(requestId: string): Promise<boolean>;
}

/**
 * accounting_invoice.rpt: what a request costs, from its lines (spec §2 /accounting_report/{requestId}), with its IV
 * number. Registered by the billing module, which numbers it; the definition reads `db` through the engine's own
 * repository (a module never builds another's repository).
 */
export function accountingInvoiceReport(db: Database, numbering: InvoiceNumbering, payment: PaymentSettings = {}) {
  const repo = new ReportEngineRepository(db);
  return defineReport({
    name: 'accounting_invoice.rpt',
    title: 'ใบแจ้งค่าบริการตรวจ',
    titleEn: 'Exam invoice',
    permission: 'REQUEST_INVOICE',
    scope: 'request',
    params: requestParams,
    fields: [{ name: 'requestId', kind: 'hidden', required: true }],
    paper: 'A4',
    async load(ctx, p): Promise<InvoiceData> {
      const request = await printableRequest(repo, ctx.user, p.requestId);
      const [lines, exams] = await Promise.all([repo.requestLines(p.requestId), repo.requestExams(p.requestId)]);
      const invoiceNo = await numbering.invoiceNumber(ctx.user, { id: request.id, branchId: request.branchId });
      const paid = await numbering.isRequestPaid(request.id);
      return {
        paid,
        request,
        invoiceNo,
        lines,
        accessions: exams.map((e) => e.accessionNumber).filter((a): a is string => Boolean(a)),
        totalSatang: lines.reduce((n, l) => n + l.unitPriceSatang * l.quantity, 0),
      };
    },
    template: (data, _p, ctx) => <InvoiceTemplate data={data} ctx={ctx} payment={payment} />,
    fileName: (_p, d) => `invoice-${d.invoiceNo}.pdf`,
    patientOf: (d) => d.request.patientId,
  });
}
