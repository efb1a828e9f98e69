/* @jsxRuntime automatic */
import { z } from 'zod';
import {
  addDays,
  addMonths,
  bangkokDayOf,
  bangkokDayStart,
  daysBetween,
  monthsBetween,
  type ExamStatus,
} from '@rangsi/domain';
import { formatCount, formatDay, formatMoney, formatMonth } from '../format';
import { formDay, formId, formMonth, optional, required } from '../form-params';
import { defineReport, type ReportContext } from '../registry';
import { msg, thai } from '../../../i18n/catalogue';
import { resolveBranch } from '../report-scope';
import type { BranchSummaryRow, Period, ReportEngineRepository } from '../report-engine.repository';
import { ReportDocument } from '../templates/report-document';
import { EmptyRow, Note, ORGANISATION, ReportHeader } from '../templates/report-parts';
import { isExamStatus, STATUS_COLUMNS, STATUS_TH } from './labels';

/** The longest range one report covers: a quarter of days, or two years of months (bounded output, bounded time). */
export const MAX_DAYS = 92;
export const MAX_MONTHS = 24;

interface Cell {
  byStatus: Record<ExamStatus, number>;
  exams: number;
  amountSatang: number;
}

const emptyCell = (): Cell => ({
  byStatus: { Scheduled: 0, Arrived: 0, Assigned: 0, Accepted: 0, Completed: 0, Rejected: 0 },
  exams: 0,
  amountSatang: 0,
});

function add(cell: Cell, status: string, exams: number, amount: number) {
  if (isExamStatus(status)) cell.byStatus[status] += exams;
  cell.exams += exams;
  cell.amountSatang += amount;
}

export interface BranchReportData {
  branchName: string;
  period: Period;
  /** Every day (or month) of the range, in order, with its modalities. */
  periods: { period: string; modalities: { modalityCode: string; cell: Cell }[]; total: Cell }[];
  byModality: { modalityCode: string; cell: Cell }[];
  byStatus: Record<ExamStatus, { exams: number; amountSatang: number }>;
  total: Cell;
}

/** Shapes the SQL's (period, modality, status) counts into the report's three tables. */
export function shapeBranchReport(
  rows: BranchSummaryRow[],
  periods: string[],
  branchName: string,
  period: Period,
): BranchReportData {
  const perPeriod = new Map<string, Map<string, Cell>>(periods.map((p) => [p, new Map()]));
  const perModality = new Map<string, Cell>();
  const byStatus = Object.fromEntries(
    STATUS_COLUMNS.map((s) => [s, { exams: 0, amountSatang: 0 }]),
  ) as BranchReportData['byStatus'];
  const total = emptyCell();
  for (const r of rows) {
    let modalities = perPeriod.get(r.period);
    if (!modalities) perPeriod.set(r.period, (modalities = new Map<string, Cell>()));
    const cell = modalities.get(r.modalityCode) ?? emptyCell();
    modalities.set(r.modalityCode, cell);
    add(cell, r.status, r.exams, r.amountSatang);
    const m = perModality.get(r.modalityCode) ?? emptyCell();
    perModality.set(r.modalityCode, m);
    add(m, r.status, r.exams, r.amountSatang);
    if (isExamStatus(r.status)) {
      byStatus[r.status].exams += r.exams;
      byStatus[r.status].amountSatang += r.amountSatang;
    }
    add(total, r.status, r.exams, r.amountSatang);
  }
  const sortModalities = (m: Map<string, Cell>) =>
    [...m.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([modalityCode, cell]) => ({ modalityCode, cell }));
  return {
    branchName,
    period,
    periods: [...perPeriod.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([p, m]) => {
        const t = emptyCell();
        for (const c of m.values()) for (const s of STATUS_COLUMNS) add(t, s, c.byStatus[s], 0);
        t.amountSatang = [...m.values()].reduce((n, c) => n + c.amountSatang, 0);
        return { period: p, modalities: sortModalities(m), total: t };
      }),
    byModality: sortModalities(perModality),
    byStatus,
    total,
  };
}

function StatusHeads() {
  return STATUS_COLUMNS.map((s) => (
    <th key={s} className="num">
      {STATUS_TH[s]}
      <br />
      <span className="muted">{s}</span>
    </th>
  ));
}

function CellColumns({ cell }: { cell: Cell }) {
  return (
    <>
      {STATUS_COLUMNS.map((s) => (
        <td key={s} className="num">
          {cell.byStatus[s] ? formatCount(cell.byStatus[s]) : '–'}
        </td>
      ))}
      <td className="num">
        <b>{formatCount(cell.exams)}</b>
      </td>
      <td className="num">{formatMoney(cell.amountSatang)}</td>
    </>
  );
}

const COLUMNS = STATUS_COLUMNS.length + 3;

function BranchReportTemplate({
  data,
  title,
  range,
  ctx,
}: {
  data: BranchReportData;
  title: string;
  range: string;
  ctx: ReportContext;
}) {
  const periodLabel = data.period === 'day' ? 'วันที่' : 'เดือน';
  const showPeriod = (p: string) => (data.period === 'day' ? formatDay(p) : formatMonth(p));
  return (
    <ReportDocument title={`${title} — ${data.branchName}`} paper="A4-landscape">
      <ReportHeader
        title={title}
        organisation={ORGANISATION}
        params={[
          ['สาขา', data.branchName],
          [data.period === 'day' ? 'ช่วงวันที่' : 'ช่วงเดือน', range],
          ['รวม', `${formatCount(data.total.exams)} รายการ · ${formatMoney(data.total.amountSatang)} บาท`],
        ]}
        printedAt={ctx.now}
        printedBy={ctx.user.displayName}
      />

      <h2>สรุปตามประเภทการตรวจ (Modality) และสถานะ</h2>
      <table>
        <thead>
          <tr>
            <th>Modality</th>
            <StatusHeads />
            <th className="num">รวม</th>
            <th className="num">ยอดเงิน (บาท)</th>
          </tr>
        </thead>
        <tbody>
          {data.byModality.length === 0 ? (
            <EmptyRow columns={COLUMNS} />
          ) : (
            data.byModality.map((m) => (
              <tr key={m.modalityCode}>
                <td>{m.modalityCode}</td>
                <CellColumns cell={m.cell} />
              </tr>
            ))
          )}
          {data.byModality.length > 0 ? (
            <tr className="total">
              <td>รวมทั้งหมด</td>
              <CellColumns cell={data.total} />
            </tr>
          ) : null}
        </tbody>
      </table>

      <h2>สรุปตามสถานะ</h2>
      <table style={{ width: '60%' }}>
        <thead>
          <tr>
            <th>สถานะ</th>
            <th className="num">จำนวน</th>
            <th className="num">ยอดเงิน (บาท)</th>
          </tr>
        </thead>
        <tbody>
          {STATUS_COLUMNS.map((s) => (
            <tr key={s}>
              <td>
                {STATUS_TH[s]} <span className="muted">({s})</span>
              </td>
              <td className="num">{formatCount(data.byStatus[s].exams)}</td>
              <td className="num">{formatMoney(data.byStatus[s].amountSatang)}</td>
            </tr>
          ))}
          <tr className="total">
            <td>รวม</td>
            <td className="num">{formatCount(data.total.exams)}</td>
            <td className="num">{formatMoney(data.total.amountSatang)}</td>
          </tr>
        </tbody>
      </table>

      <h2 className="new-page">{data.period === 'day' ? 'รายละเอียดรายวัน' : 'รายละเอียดรายเดือน'}</h2>
      <table className="compact">
        <thead>
          <tr>
            <th className="nowrap">{periodLabel}</th>
            <th>Modality</th>
            <StatusHeads />
            <th className="num">รวม</th>
            <th className="num">ยอดเงิน (บาท)</th>
          </tr>
        </thead>
        <tbody>
          {data.periods.flatMap((p) => {
            if (p.modalities.length === 0) {
              return [
                <tr key={p.period}>
                  <td className="nowrap">{showPeriod(p.period)}</td>
                  <td colSpan={COLUMNS} className="muted">
                    ไม่มีรายการ
                  </td>
                </tr>,
              ];
            }
            const rows = p.modalities.map((m, i) => (
              <tr key={`${p.period}-${m.modalityCode}`}>
                <td className="nowrap">{i === 0 ? showPeriod(p.period) : ''}</td>
                <td>{m.modalityCode}</td>
                <CellColumns cell={m.cell} />
              </tr>
            ));
            if (p.modalities.length > 1)
              rows.push(
                <tr key={`${p.period}-sum`} className="sub">
                  <td />
                  <td>รวม</td>
                  <CellColumns cell={p.total} />
                </tr>,
              );
            return rows;
          })}
          <tr className="total">
            <td colSpan={2}>รวมทั้งหมด</td>
            <CellColumns cell={data.total} />
          </tr>
        </tbody>
      </table>

      <Note>
        นับตามวันตรวจ (เวลาประเทศไทย) ไม่รวมรายการที่ถูกลบ · ยอดเงินของแต่ละรายการตรวจ = ผลรวมของ จำนวน × ราคาต่อหน่วย
        ของรายการสินค้าในใบส่งตรวจที่เป็นประเภทการตรวจ (Modality) เดียวกัน ตามราคาที่บันทึกไว้ในใบส่งตรวจ (รวมเวชภัณฑ์และฟิล์ม) ·
        รายการตรวจที่ไม่มีใบส่งตรวจมียอดเงิน 0.00
      </Note>
    </ReportDocument>
  );
}

const thisMonth = (ctx: ReportContext) => bangkokDayOf(ctx.now).slice(0, 7);

/** branch_report_daily.rpt: one branch, by day (spec §2 /branch_report/daily). */
export function branchDailyReport(repo: ReportEngineRepository) {
  const params = z
    .object({
      branchId: optional(formId('สาขา')),
      startDate: required(formDay()),
      endDate: required(formDay()),
    })
    .superRefine((p, c) => {
      if (p.startDate > p.endDate)
        c.addIssue({ code: 'custom', path: ['endDate'], message: thai(msg('REPORT_DATE_ORDER')) });
      else if (daysBetween(p.startDate, p.endDate) + 1 > MAX_DAYS)
        c.addIssue({
          code: 'custom',
          path: ['endDate'],
          message: thai(msg('REPORT_PERIOD_TOO_LONG', { max: MAX_DAYS, unit: msg('REPORT_UNIT_DAYS') })),
        });
    });
  const title = 'รายงานประจำวันของสาขา';
  return defineReport({
    name: 'branch_report_daily.rpt',
    title,
    titleEn: 'Branch daily report',
    permission: 'MENU_BRANCH_REPORT',
    scope: 'exam',
    params,
    fields: [
      { name: 'branchId', kind: 'branch', required: true },
      { name: 'startDate', kind: 'date', required: true },
      { name: 'endDate', kind: 'date', required: true },
    ],
    defaults: (ctx) => ({ startDate: `${thisMonth(ctx)}-01`, endDate: bangkokDayOf(ctx.now) }),
    paper: 'A4-landscape',
    async load(ctx, p) {
      const branch = await resolveBranch(repo, ctx.user, p.branchId);
      const rows = await repo.branchSummary(ctx.user, {
        branchId: branch.id,
        from: bangkokDayStart(p.startDate),
        to: bangkokDayStart(addDays(p.endDate, 1)),
        period: 'day',
      });
      const days = Array.from({ length: daysBetween(p.startDate, p.endDate) + 1 }, (_, i) => addDays(p.startDate, i));
      return shapeBranchReport(rows, days, branch.name, 'day');
    },
    template: (data, p, ctx) => (
      <BranchReportTemplate
        data={data}
        title={title}
        range={`${formatDay(p.startDate)} ถึง ${formatDay(p.endDate)}`}
        ctx={ctx}
      />
    ),
    fileName: (p) => `branch-daily-${p.startDate}-${p.endDate}.pdf`,
  });
}

/** branch_report_monthly.rpt: one branch, by month (spec §2 /branch_report/monthly). */
export function branchMonthlyReport(repo: ReportEngineRepository) {
  const params = z
    .object({
      branchId: optional(formId('สาขา')),
      startMonth: required(formMonth()),
      endMonth: required(formMonth()),
    })
    .superRefine((p, c) => {
      if (p.startMonth > p.endMonth)
        c.addIssue({ code: 'custom', path: ['endMonth'], message: thai(msg('REPORT_DATE_ORDER')) });
      else if (monthsBetween(p.startMonth, p.endMonth) + 1 > MAX_MONTHS)
        c.addIssue({
          code: 'custom',
          path: ['endMonth'],
          message: thai(msg('REPORT_PERIOD_TOO_LONG', { max: MAX_MONTHS, unit: msg('REPORT_UNIT_MONTHS') })),
        });
    });
  const title = 'รายงานประจำเดือนของสาขา';
  return defineReport({
    name: 'branch_report_monthly.rpt',
    title,
    titleEn: 'Branch monthly report',
    permission: 'MENU_BRANCH_REPORT',
    scope: 'exam',
    params,
    fields: [
      { name: 'branchId', kind: 'branch', required: true },
      { name: 'startMonth', kind: 'month', required: true },
      { name: 'endMonth', kind: 'month', required: true },
    ],
    defaults: (ctx) => ({ startMonth: addMonths(thisMonth(ctx), -11), endMonth: thisMonth(ctx) }),
    paper: 'A4-landscape',
    async load(ctx, p) {
      const branch = await resolveBranch(repo, ctx.user, p.branchId);
      const rows = await repo.branchSummary(ctx.user, {
        branchId: branch.id,
        from: bangkokDayStart(`${p.startMonth}-01`),
        to: bangkokDayStart(`${addMonths(p.endMonth, 1)}-01`),
        period: 'month',
      });
      const months = Array.from({ length: monthsBetween(p.startMonth, p.endMonth) + 1 }, (_, i) =>
        addMonths(p.startMonth, i),
      );
      return shapeBranchReport(rows, months, branch.name, 'month');
    },
    template: (data, p, ctx) => (
      <BranchReportTemplate
        data={data}
        title={title}
        range={`${formatMonth(p.startMonth)} ถึง ${formatMonth(p.endMonth)}`}
        ctx={ctx}
      />
    ),
    fileName: (p) => `branch-monthly-${p.startMonth}-${p.endMonth}.pdf`,
  });
}
