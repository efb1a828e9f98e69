/* @jsxRuntime automatic */
import { z } from 'zod';
import { formatCount, formatDay, formatDuration, formatMoney } from '../format';
import { formDay, required } from '../form-params';
import { defineReport, type ReportContext } from '../registry';
import { msg, thai } from '../../../i18n/catalogue';
import type { CenterRow, ReportEngineRepository } from '../report-engine.repository';
import { ReportDocument } from '../templates/report-document';
import { EmptyRow, Note, ORGANISATION, ReportHeader } from '../templates/report-parts';
import { addDays, bangkokDayOf, bangkokDayStart, daysBetween } from '@rangsi/domain';

export const MAX_CENTER_DAYS = 366;

const params = z
  .object({
    startDate: required(formDay()),
    endDate: required(formDay()),
  })
  .superRefine((p, c) => {
    if (p.startDate > p.endDate)
      c.addIssue({ code: 'custom', path: ['endDate'], message: thai(msg('REPORT_DATE_ORDER')) });
    else if (daysBetween(p.startDate, p.endDate) + 1 > MAX_CENTER_DAYS)
      c.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: thai(msg('REPORT_PERIOD_TOO_LONG', { max: MAX_CENTER_DAYS, unit: msg('REPORT_UNIT_DAYS') })),
      });
  });
type CenterParams = z.infer<typeof params>;

function Counts({ row }: { row: CenterRow }) {
  const pct = row.exams > 0 ? `${((row.completed / row.exams) * 100).toFixed(1)}%` : '—';
  return (
    <>
      <td className="num">
        <b>{formatCount(row.exams)}</b>
      </td>
      <td className="num">{formatCount(row.waiting)}</td>
      <td className="num">{formatCount(row.reading)}</td>
      <td className="num">{formatCount(row.completed)}</td>
      <td className="num">{pct}</td>
      <td className="num">{formatCount(row.rejected)}</td>
      <td className="num">{formatCount(row.overdue)}</td>
      <td className="num">{formatCount(row.critical)}</td>
      <td className="num">{formatDuration(row.receivedToFinishedP50)}</td>
      <td className="num">{formatMoney(row.amountSatang)}</td>
    </>
  );
}

function CenterTemplate({
  rows,
  p,
  ctx,
  title,
  groupLabel,
}: {
  rows: CenterRow[];
  p: CenterParams;
  ctx: ReportContext;
  title: string;
  groupLabel: string;
}) {
  const groups = rows.filter((r) => !r.isTotal);
  const total = rows.find((r) => r.isTotal);
  return (
    <ReportDocument title={title} paper="A4-landscape">
      <ReportHeader
        title={title}
        organisation={ORGANISATION}
        params={[
          ['ช่วงวันที่ตรวจ', `${formatDay(p.startDate)} ถึง ${formatDay(p.endDate)}`],
          ['ขอบเขต', ctx.user.scope === 'all' ? 'ทุกสาขา' : (ctx.user.branchName ?? 'ตามสิทธิ์ผู้ใช้')],
        ]}
        printedAt={ctx.now}
        printedBy={ctx.user.displayName}
      />
      <table>
        <thead>
          <tr>
            <th>{groupLabel}</th>
            <th className="num">ทั้งหมด</th>
            <th className="num">
              รอ
              <br />
              <span className="muted">นัด/รับภาพ</span>
            </th>
            <th className="num">กำลังอ่าน</th>
            <th className="num">อ่านเสร็จ</th>
            <th className="num">% เสร็จ</th>
            <th className="num">ปฏิเสธ</th>
            <th className="num">เกินกำหนด</th>
            <th className="num">Critical</th>
            <th className="num">
              มัธยฐาน
              <br />
              <span className="muted">รับภาพ → ออกผล</span>
            </th>
            <th className="num">ยอดเงิน (บาท)</th>
          </tr>
        </thead>
        <tbody>
          {groups.length === 0 ? (
            <EmptyRow columns={11} />
          ) : (
            groups.map((r) => (
              <tr key={`${r.groupId ?? 'none'}`}>
                <td>{r.groupName}</td>
                <Counts row={r} />
              </tr>
            ))
          )}
          {total && groups.length > 0 ? (
            <tr className="total">
              <td>รวม</td>
              <Counts row={total} />
            </tr>
          ) : null}
        </tbody>
      </table>
      <div className="legend">เวลาแสดงเป็น ชั่วโมง:นาที</div>
      <Note>
        นับรายการตรวจตามวันตรวจ (เวลาประเทศไทย) ภายในสิทธิ์ของผู้ใช้ ไม่รวมรายการที่ถูกลบ · เกินกำหนด = ออกผลฉบับแรกหลังเวลาที่กำหนด
        หรือยังไม่ออกผลเมื่อเลยเวลาที่กำหนดแล้ว · Critical = ผลอ่านที่แพทย์ระบุว่าพบภาวะวิกฤต · ยอดเงินตามราคาในใบส่งตรวจของรายการตรวจ
      </Note>
    </ReportDocument>
  );
}

function centerReport(
  repo: ReportEngineRepository,
  o: { name: string; title: string; titleEn: string; groupBy: 'branch' | 'hospital'; groupLabel: string },
) {
  return defineReport({
    name: o.name,
    title: o.title,
    titleEn: o.titleEn,
    permission: 'MENU_CENTER_REPORT',
    scope: 'exam',
    params,
    fields: [
      { name: 'startDate', kind: 'date', required: true },
      { name: 'endDate', kind: 'date', required: true },
    ],
    defaults: (ctx) => ({ startDate: `${bangkokDayOf(ctx.now).slice(0, 7)}-01`, endDate: bangkokDayOf(ctx.now) }),
    paper: 'A4-landscape',
    load: (ctx, p) =>
      repo.centerSummary(ctx.user, {
        from: bangkokDayStart(p.startDate),
        to: bangkokDayStart(addDays(p.endDate, 1)),
        now: ctx.now,
        groupBy: o.groupBy,
      }),
    template: (rows, p, ctx) => (
      <CenterTemplate rows={rows} p={p} ctx={ctx} title={o.title} groupLabel={o.groupLabel} />
    ),
    fileName: (p) => `${o.name.replace(/\.rpt$/, '')}-${p.startDate}-${p.endDate}.pdf`,
  });
}

/**
 * center_report_branches.rpt and center_report_hospitals.rpt (spec §2 /center_report): the service at a glance for
 * the centre (Administrator: every branch; Accounting and branch staff: their own), per branch and per client
 * hospital (docs/decisions/r5-branch-report-every-exam-branch.md).
 */
export function centerReports(repo: ReportEngineRepository) {
  return [
    centerReport(repo, {
      name: 'center_report_branches.rpt',
      title: 'สรุปภาพรวมการให้บริการรายสาขา',
      titleEn: 'Service summary by branch',
      groupBy: 'branch',
      groupLabel: 'สาขา',
    }),
    centerReport(repo, {
      name: 'center_report_hospitals.rpt',
      title: 'สรุปภาพรวมการให้บริการรายโรงพยาบาลผู้ส่งตรวจ',
      titleEn: 'Service summary by client hospital',
      groupBy: 'hospital',
      groupLabel: 'โรงพยาบาลผู้ส่งตรวจ',
    }),
  ];
}
