/* @jsxRuntime automatic */
import { z } from 'zod';
import { formatCount, formatDay, formatDuration, formatMonth } from '../format';
import { formDay, formEnum, formId, formUuid, optional, required } from '../form-params';
import { defineReport, type ReportContext } from '../registry';
import { msg, thai } from '../../../i18n/catalogue';
import { resolveDoctor, resolveOptionalBranch } from '../report-scope';
import type { Period, ReportEngineRepository, TurnaroundRow } from '../report-engine.repository';
import { ReportDocument } from '../templates/report-document';
import { EmptyRow, Note, ORGANISATION, ReportHeader } from '../templates/report-parts';
import { addDays, bangkokDayOf, bangkokDayStart, daysBetween } from '@rangsi/domain';

export const MAX_DOCTOR_DAYS = 366;
const PERIODS = ['day', 'week', 'month'] as const;
const DEFAULT_PERIOD: Period = 'week';
const PERIOD_TH: Record<Period, string> = { day: 'รายวัน', week: 'รายสัปดาห์', month: 'รายเดือน' };

export interface DoctorReportData {
  branchName: string | null;
  doctorName: string | null;
  doctors: { doctorId: string; doctorName: string; periods: TurnaroundRow[]; total: TurnaroundRow }[];
  total: TurnaroundRow | null;
}

function showPeriod(period: Period, p: string | null): string {
  if (!p) return '';
  if (period === 'day') return formatDay(p);
  if (period === 'month') return formatMonth(p);
  const m = /^(\d{4})-W(\d{2})$/.exec(p);
  return m ? `สัปดาห์ ${m[2]}/${m[1]}` : p;
}

function Turnaround({ row }: { row: TurnaroundRow }) {
  return (
    <>
      <td className="num">
        <b>{formatCount(row.reads)}</b>
      </td>
      <td className="num">{formatDuration(row.receivedToAssignedP50)}</td>
      <td className="num">{formatDuration(row.receivedToAssignedP90)}</td>
      <td className="num">{formatDuration(row.assignedToFinishedP50)}</td>
      <td className="num">{formatDuration(row.assignedToFinishedP90)}</td>
      <td className="num">{formatDuration(row.receivedToFinishedP50)}</td>
      <td className="num">{formatDuration(row.receivedToFinishedP90)}</td>
    </>
  );
}

function DoctorReportTemplate({
  data,
  p,
  ctx,
  title,
}: {
  data: DoctorReportData;
  p: DoctorParams;
  ctx: ReportContext;
  title: string;
}) {
  const period = p.period ?? DEFAULT_PERIOD;
  return (
    <ReportDocument title={title} paper="A4-landscape">
      <ReportHeader
        title={title}
        organisation={ORGANISATION}
        params={[
          ['ช่วงวันที่ออกผล', `${formatDay(p.startDate)} ถึง ${formatDay(p.endDate)}`],
          ['แบ่งช่วง', PERIOD_TH[period]],
          ['สาขา', data.branchName ?? 'ทุกสาขาที่มีสิทธิ์'],
          ['แพทย์', data.doctorName ?? 'ทุกคน'],
        ]}
        printedAt={ctx.now}
        printedBy={ctx.user.displayName}
      />
      <table>
        <thead>
          <tr>
            <th rowSpan={2}>แพทย์</th>
            <th rowSpan={2}>ช่วงเวลา</th>
            <th rowSpan={2} className="num">
              จำนวนที่อ่าน
            </th>
            <th colSpan={2} className="center">
              รับภาพ → มอบหมาย
            </th>
            <th colSpan={2} className="center">
              มอบหมาย → ออกผล
            </th>
            <th colSpan={2} className="center">
              รับภาพ → ออกผล
            </th>
          </tr>
          <tr>
            <th className="num">มัธยฐาน</th>
            <th className="num">P90</th>
            <th className="num">มัธยฐาน</th>
            <th className="num">P90</th>
            <th className="num">มัธยฐาน</th>
            <th className="num">P90</th>
          </tr>
        </thead>
        <tbody>
          {data.doctors.length === 0 ? (
            <EmptyRow columns={9} />
          ) : (
            data.doctors.flatMap((d) => [
              ...d.periods.map((r, i) => (
                <tr key={`${d.doctorId}-${r.period}`}>
                  <td className="nowrap">{i === 0 ? d.doctorName : ''}</td>
                  <td className="nowrap">{showPeriod(period, r.period)}</td>
                  <Turnaround row={r} />
                </tr>
              )),
              <tr key={`${d.doctorId}-total`} className="sub">
                <td />
                <td>รวม</td>
                <Turnaround row={d.total} />
              </tr>,
            ])
          )}
          {data.total && data.doctors.length > 1 ? (
            <tr className="total">
              <td colSpan={2}>รวมทุกแพทย์</td>
              <Turnaround row={data.total} />
            </tr>
          ) : null}
        </tbody>
      </table>
      <div className="legend">เวลาแสดงเป็น ชั่วโมง:นาที · P90 = เปอร์เซ็นไทล์ที่ 90 · — = ไม่มีข้อมูลเวลาของขั้นนั้น</div>
      <Note>
        นับงานตามวันที่ออกผลครั้งแรก (รายงานฉบับแรกที่อ่านเสร็จ; addendum ไม่นับซ้ำ) ของแพทย์ผู้อ่านที่ได้รับมอบหมาย · รับภาพ =
        เวลาที่ภาพเข้าระบบ, มอบหมาย = เวลาที่มอบหมายแพทย์ผู้อ่านคนปัจจุบัน, ออกผล = เวลาที่บันทึกผลอ่านฉบับแรก · มัธยฐานและเปอร์เซ็นไทล์ที่ 90
        คำนวณในฐานข้อมูล (percentile_cont) · งานที่มอบหมายก่อนภาพเข้านับเวลารอเป็น 0
      </Note>
    </ReportDocument>
  );
}

const params = z
  .object({
    startDate: required(formDay()),
    endDate: required(formDay()),
    period: optional(formEnum(PERIODS)),
    branchId: optional(formId('สาขา')),
    doctorId: optional(formUuid('แพทย์')),
  })
  .superRefine((p, c) => {
    if (p.startDate > p.endDate)
      c.addIssue({ code: 'custom', path: ['endDate'], message: thai(msg('REPORT_DATE_ORDER')) });
    else if (daysBetween(p.startDate, p.endDate) + 1 > MAX_DOCTOR_DAYS)
      c.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: thai(msg('REPORT_PERIOD_TOO_LONG', { max: MAX_DOCTOR_DAYS, unit: msg('REPORT_UNIT_DAYS') })),
      });
  });
type DoctorParams = z.infer<typeof params>;

/** doctor_turnaround.rpt: reads per doctor per period with turnaround times (spec §2 /doctor_report). */
export function doctorTurnaroundReport(repo: ReportEngineRepository) {
  const title = 'รายงานการอ่านผลของแพทย์และระยะเวลาดำเนินการ';
  return defineReport({
    name: 'doctor_turnaround.rpt',
    title,
    titleEn: 'Doctor reads and turnaround',
    permission: 'MENU_DOCTOR_REPORT',
    scope: 'exam',
    params,
    fields: [
      { name: 'startDate', kind: 'date', required: true },
      { name: 'endDate', kind: 'date', required: true },
      {
        name: 'period',
        kind: 'select',
        required: false,
        options: PERIODS.map((v) => ({ value: v, label: PERIOD_TH[v] })),
      },
      { name: 'branchId', kind: 'branch', required: false },
      { name: 'doctorId', kind: 'doctor', required: false },
    ],
    defaults: (ctx) => ({
      startDate: addDays(bangkokDayOf(ctx.now), -29),
      endDate: bangkokDayOf(ctx.now),
      period: DEFAULT_PERIOD,
      branchId: '',
    }),
    paper: 'A4-landscape',
    async load(ctx, p): Promise<DoctorReportData> {
      const branch = await resolveOptionalBranch(repo, ctx.user, p.branchId);
      const doctor = await resolveDoctor(repo, ctx.user, p.doctorId);
      const rows = await repo.doctorTurnaround(ctx.user, {
        from: bangkokDayStart(p.startDate),
        to: bangkokDayStart(addDays(p.endDate, 1)),
        period: p.period ?? DEFAULT_PERIOD,
        ...(branch ? { branchId: branch.id } : {}),
        ...(doctor ? { doctorId: doctor.id } : {}),
      });
      const doctors: DoctorReportData['doctors'] = [];
      let total: TurnaroundRow | null = null;
      // Rows come ordered by doctor, then period, each doctor's range total after its periods (grouping sets).
      for (const r of rows) {
        if (r.doctorId === null) {
          total = r;
          continue;
        }
        let d = doctors.at(-1);
        if (!d || d.doctorId !== r.doctorId)
          doctors.push((d = { doctorId: r.doctorId, doctorName: r.doctorName ?? '', periods: [], total: r }));
        if (r.period === null) d.total = r;
        else d.periods.push(r);
      }
      return { branchName: branch?.name ?? null, doctorName: doctor?.name ?? null, doctors, total };
    },
    template: (data, p, ctx) => <DoctorReportTemplate data={data} p={p} ctx={ctx} title={title} />,
    fileName: (p) => `doctor-turnaround-${p.startDate}-${p.endDate}.pdf`,
  });
}
