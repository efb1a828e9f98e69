import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { exams, finishedReports, reportDrafts, reportTemplates, type examEvents } from '../db/schema/index';
import { REPORT_TEMPLATES, type ReportTemplateSeed } from './data/report-templates';
import type { OrgContext } from './demo-org';
import { insertChunks } from './insert-chunks';
import type { Rng } from './prng';

type ExamRow = typeof exams.$inferInsert;
type EventRow = typeof examEvents.$inferInsert;
type Content = {
  clinicalInformation: string;
  technique: string;
  findings: string;
  impression: string;
  addendum?: string;
};

const CLINICAL = [
  'ปวดศีรษะเฉียบพลัน คลื่นไส้อาเจียน',
  'Fever and productive cough for 1 week',
  'ตรวจสุขภาพประจำปี',
  'Right lower quadrant pain, R/O appendicitis',
  'Follow-up after chemotherapy',
  'อุบัติเหตุรถจักรยานยนต์ ศีรษะกระแทก',
  'Chronic low back pain with right leg numbness',
  'คลำพบก้อนที่เต้านมซ้าย',
  'Weight loss 5 kg in 3 months',
  'ไอเรื้อรัง สูบบุหรี่ 20 pack-years',
];

/** Plain normal reads per modality for exams without a shared template (knee, spine, KUB …). */
const GENERIC: Record<string, { th: Omit<Content, 'clinicalInformation'>; en: Omit<Content, 'clinicalInformation'> }> =
  {
    default: {
      th: {
        technique: 'ตรวจตามโปรโตคอลมาตรฐานของการตรวจนี้',
        findings: 'ไม่พบความผิดปกติที่มีนัยสำคัญในบริเวณที่ตรวจ',
        impression: 'ไม่พบความผิดปกติที่มีนัยสำคัญ',
      },
      en: {
        technique: 'Standard protocol for this examination.',
        findings: 'No significant abnormality in the examined region.',
        impression: 'No significant abnormality detected.',
      },
    },
  };

/** Critical findings a reader flags (communicated at once), by body part. */
const CRITICAL: Record<string, { th: string; en: string }> = {
  HEAD: {
    th: 'เลือดออกใต้เยื่อหุ้มสมองชั้นดูราเฉียบพลันด้านขวา หนา 9 มม. มี midline shift 5 มม. (แจ้งแพทย์ผู้ส่งแล้ว)',
    en: 'Acute right subdural haematoma, 9 mm thick, with 5 mm midline shift. Referring physician informed.',
  },
  CHEST: {
    th: 'ลมรั่วในช่องเยื่อหุ้มปอดด้านขวาปริมาณมาก (แจ้งแพทย์ผู้ส่งแล้ว)',
    en: 'Large right pneumothorax. Referring physician informed.',
  },
  default: {
    th: 'พบความผิดปกติเร่งด่วน แจ้งแพทย์ผู้ส่งตรวจทางโทรศัพท์แล้ว',
    en: 'Urgent finding; referring physician informed by telephone.',
  },
};

function contentFor(rng: Rng, e: ExamRow, templates: readonly ReportTemplateSeed[]): Content {
  const language = rng.chance(0.5) ? 'th' : 'en';
  const t = templates.find(
    (x) => x.modalityCode === e.modalityCode && x.bodyPart === e.bodyPart && x.language === language,
  );
  const base = t ? t.content : { clinicalInformation: '', ...GENERIC.default![language] };
  const clinical = e.latestMessage && rng.chance(0.5) ? e.latestMessage : rng.pick(CLINICAL);
  const c: Content = { ...base, clinicalInformation: clinical };
  if (e.isCritical) {
    const crit = CRITICAL[e.bodyPart ?? ''] ?? CRITICAL.default!;
    c.impression = crit[language];
    c.findings = `${crit[language]}\n${c.findings}`;
  }
  return c;
}

/** The shared templates; idempotent on their code, so a second run adds only new ones. */
export async function seedReportTemplates(db: Database): Promise<void> {
  await db
    .insert(reportTemplates)
    .values(
      REPORT_TEMPLATES.map((t) => ({
        code: t.code,
        modalityCode: t.modalityCode,
        bodyPart: t.bodyPart,
        name: t.name,
        language: t.language,
        content: t.content,
      })),
    )
    .onConflictDoNothing({ target: reportTemplates.code });
}

/**
 * Finished radiology reports of the completed demo exams (issue 8 item 7), so the report window is never empty in a
 * demo: a final for each, some read preliminary first, some corrected by an addendum; the latest version carries the
 * exam's audit state (WaitingForAudit where the branch audits), earlier ones were approved. Rows only: each PDF is
 * printed on its first opening (pdf_key ''), so the seed stays fast. Some exams being read have a draft.
 */
export async function seedDemoReports(
  db: Database,
  opts: { rng: Rng; org: OrgContext; exams: readonly ExamRow[]; events: readonly EventRow[] },
): Promise<{ finished: number; drafts: number }> {
  const { rng, org } = opts;
  await seedReportTemplates(db);
  const names = new Map([...org.users.values()].map((u) => [u.id, u.displayName]));
  const reportedAt = new Map<string, Date>();
  for (const ev of opts.events) if (ev.action === 'reported' && ev.at) reportedAt.set(ev.examId, ev.at);

  const rows: (typeof finishedReports.$inferInsert)[] = [];
  const drafts: (typeof reportDrafts.$inferInsert)[] = [];
  for (const e of opts.exams) {
    if (!e.id || !e.reviewerId) continue;
    const reporterName = names.get(e.reviewerId) ?? '';
    if (e.status === 'Accepted' && rng.chance(0.3)) {
      drafts.push({
        examId: e.id,
        reportName: 'pacs',
        content: { ...contentFor(rng, e, REPORT_TEMPLATES), isCritical: false },
        updatedBy: e.reviewerId,
        version: 1,
      });
      continue;
    }
    if (e.status !== 'Completed') continue;
    const at = reportedAt.get(e.id) ?? e.updatedAt ?? e.examDate;
    const content = contentFor(rng, e, REPORT_TEMPLATES);
    const audited = e.reportAuditStatus !== '' && e.reportAuditStatus !== undefined;
    const plan: { kind: 'preliminary' | 'final' | 'addendum'; at: Date; content: Content }[] = [];
    const roll = rng.next();
    if (roll < 0.06) {
      // Read preliminary first (an urgent case), the final an hour or two later.
      plan.push({
        kind: 'preliminary',
        at: new Date(at.getTime() - rng.int(60, 120) * 60_000),
        content: { ...content, impression: `${content.impression}\n(preliminary — final report to follow)` },
      });
      plan.push({ kind: 'final', at, content });
    } else if (roll < 0.16) {
      plan.push({ kind: 'final', at: new Date(at.getTime() - rng.int(30, 240) * 60_000), content });
      const addendum = rng.pick([
        'เปรียบเทียบกับภาพเดิมเมื่อ 6 เดือนก่อน ไม่พบการเปลี่ยนแปลง',
        'Comparison with the prior study now available: findings are stable.',
        'แก้ไขข้างของรอยโรคจากซ้ายเป็นขวาตามภาพ',
        'Corrected measurement of the lesion: 12 mm (previously reported as 21 mm).',
      ]);
      plan.push({ kind: 'addendum', at, content: { ...content, addendum } });
    } else {
      plan.push({ kind: 'final', at, content });
    }
    plan.forEach((p, i) => {
      const latest = i === plan.length - 1;
      rows.push({
        examId: e.id,
        reportName: 'pacs',
        versionNo: i + 1,
        kind: p.kind,
        content: p.content,
        pdfKey: '',
        reporterId: e.reviewerId,
        reporterName,
        createdAt: p.at,
        auditStatus: latest ? (e.reportAuditStatus ?? '') : audited ? 'Approved' : '',
        auditMessage: latest && e.reportAuditStatus === 'Rejected' ? (e.latestMessage ?? null) : null,
        isCritical: latest ? Boolean(e.isCritical) : false,
      });
    });
  }
  await insertChunks(db, finishedReports, rows, 500);
  await insertChunks(db, reportDrafts, drafts, 500);
  // The exams' first-report time (turnaround reports) follows the versions just written.
  await db.execute(
    sql`update ${exams} e set first_reported_at = fr.first from (select exam_id, min(created_at) as first from ${finishedReports} group by exam_id) fr where fr.exam_id = e.id and e.first_reported_at is null`,
  );
  return { finished: rows.length, drafts: drafts.length };
}
