/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas make tsx (which reads no tsconfig from the repository root) compile JSX the way tsc does (react-jsx).
import type { ReportContent, ReportSection } from '@rangsi/contract';
import type { ReportKind } from '@rangsi/domain';
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { fontFaceCss } from '../../../pdf/pdf-renderer';

/** Everything printed on a radiology report: a snapshot taken when the version is finished. */
export interface RadiologyReportDocument {
  branch: { name: string; nameEn: string; address: string | null; phone: string | null };
  patient: { name: string; hn: string; age: number | null; gender: string | null };
  exam: {
    accessionNumber: string | null;
    description: string;
    modality: string;
    examDate: Date;
    referringPhysicianName: string | null;
    clientName: string | null;
  };
  report: {
    versionNo: number;
    kind: ReportKind;
    content: ReportContent;
    isCritical: boolean;
    finishedAt: Date;
    /** The radiologist who signs: the exam's reviewer, or the person finishing when there is none. */
    radiologist: { name: string; licenseNo: string | null };
    /** Set when someone else (a report editor) finished the version for the radiologist. */
    editedBy: string | null;
    /** A preview of the draft (POST /ReportViewer/pacs): marked as not a report. */
    preview?: boolean;
  };
}

const TIME_ZONE = 'Asia/Bangkok';
const dateTimeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** dd-MM-yyyy HH:mm in Bangkok (spec §9), whatever the server's zone. */
export function bangkokDateTime(d: Date): string {
  const p = Object.fromEntries(dateTimeParts.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

const KIND_LABEL: Record<ReportKind, { th: string; en: string }> = {
  preliminary: { th: 'ผลเบื้องต้น', en: 'PRELIMINARY' },
  final: { th: 'ผลสมบูรณ์', en: 'FINAL' },
  addendum: { th: 'ฉบับแก้ไขเพิ่มเติม', en: 'ADDENDUM' },
};

const SECTION_TITLE: Record<ReportSection, { th: string; en: string }> = {
  clinicalInformation: { th: 'ข้อมูลทางคลินิก', en: 'Clinical information' },
  technique: { th: 'เทคนิคการตรวจ', en: 'Technique' },
  findings: { th: 'ผลการตรวจ', en: 'Findings' },
  impression: { th: 'สรุปผล', en: 'Impression' },
};

const GENDER: Record<string, string> = { Male: 'ชาย / Male', Female: 'หญิง / Female', Unknown: 'ไม่ระบุ / Unknown' };

const CSS = `${fontFaceCss()}
@page { size: A4; margin: 14mm 15mm 16mm 15mm; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: 'Sarabun', sans-serif; font-size: 11pt; line-height: 1.55; color: #1b1f24; }
header.branch { display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 2px solid #1f4e79; padding-bottom: 6px; }
header.branch .name { font-size: 15pt; font-weight: 700; color: #1f4e79; line-height: 1.3; }
header.branch .name-en { font-size: 10pt; color: #444; }
header.branch .contact { font-size: 9pt; color: #444; text-align: right; max-width: 55%; }
h1 { font-size: 14pt; margin: 10px 0 6px; display: flex; justify-content: space-between; align-items: center; line-height: 1.4; }
.kind { font-size: 10pt; font-weight: 700; padding: 1px 10px; border: 1.5px solid #1f4e79; color: #1f4e79; border-radius: 4px; white-space: nowrap; }
.kind.preliminary { border-color: #9a6700; color: #9a6700; }
.kind.addendum { border-color: #6f42c1; color: #6f42c1; }
.critical { border: 2px solid #b42318; color: #b42318; font-weight: 700; padding: 4px 10px; margin: 6px 0; border-radius: 4px; }
table.patient { width: 100%; border-collapse: collapse; font-size: 10pt; margin: 4px 0 8px; }
table.patient td { border: 1px solid #c9d3dd; padding: 3px 6px; vertical-align: top; }
table.patient td.label { background: #f1f5f9; color: #334155; width: 17%; white-space: nowrap; }
.nowrap { white-space: nowrap; }
section { margin: 8px 0 0; break-inside: auto; }
section h2 { font-size: 11pt; margin: 0 0 2px; color: #1f4e79; }
section h2 .en { font-weight: 400; color: #555; }
section .text { white-space: pre-wrap; overflow-wrap: anywhere; }
section.impression .text { font-weight: 700; }
section.addendum { border-left: 3px solid #6f42c1; padding-left: 8px; }
.empty { color: #888; }
footer.sign { margin-top: 18px; display: flex; justify-content: flex-end; break-inside: avoid; }
footer.sign .box { min-width: 46%; text-align: center; border-top: 1px solid #94a3b8; padding-top: 4px; font-size: 10pt; }
footer.sign .doctor { font-size: 11pt; font-weight: 700; white-space: nowrap; }
.meta { font-size: 8.5pt; color: #64748b; margin-top: 10px; }
.preview { border: 2px dashed #9a6700; color: #9a6700; font-weight: 700; padding: 4px 10px; margin: 6px 0; border-radius: 4px; text-align: center; }
`;

function Section({ id, text }: { id: ReportSection | 'addendum'; text: string }) {
  const title = id === 'addendum' ? { th: 'ข้อความแก้ไขเพิ่มเติม', en: 'Addendum' } : SECTION_TITLE[id];
  return (
    <section className={id === 'impression' || id === 'addendum' ? id : undefined}>
      <h2>
        {title.th} <span className="en">({title.en})</span>
      </h2>
      {text.trim() ? <div className="text">{text}</div> : <div className="text empty">–</div>}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <td className="label">{label}</td>
      <td>{children}</td>
    </>
  );
}

function RadiologyReport({ doc }: { doc: RadiologyReportDocument }) {
  const { branch, patient, exam, report } = doc;
  const kind = KIND_LABEL[report.kind];
  const ageSex =
    [
      patient.age === null ? null : `${patient.age} ปี`,
      patient.gender ? (GENDER[patient.gender] ?? patient.gender) : null,
    ]
      .filter(Boolean)
      .join(' / ') || '–';
  return (
    <html lang="th">
      <head>
        <meta charSet="utf-8" />
        <title>{`รายงานผลรังสีวิทยา (Radiology report) ${exam.accessionNumber ?? ''} v${report.versionNo}`}</title>
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body>
        <header className="branch">
          <div>
            <div className="name">{branch.name}</div>
            <div className="name-en">{branch.nameEn}</div>
          </div>
          <div className="contact">
            {branch.address ? <div>{branch.address}</div> : null}
            {branch.phone ? <div>โทร {branch.phone}</div> : null}
          </div>
        </header>
        <h1>
          <span>
            รายงานผลการตรวจทางรังสีวิทยา <span style={{ fontWeight: 400, fontSize: '11pt' }}>(Radiology report)</span>
          </span>
          <span className={`kind ${report.kind}`} data-kind={report.kind}>
            {kind.en} · {kind.th}
            {report.versionNo > 1 ? ` · ฉบับที่ ${report.versionNo}` : ''}
          </span>
        </h1>
        {report.preview ? <div className="preview">ร่างรายงาน (DRAFT PREVIEW) — ยังไม่ได้บันทึก ไม่ใช่รายงานผล</div> : null}
        {report.isCritical ? <div className="critical">ผลวิกฤต (CRITICAL FINDING) — แจ้งแพทย์ผู้ส่งตรวจทันที</div> : null}
        <table className="patient">
          <tbody>
            <tr>
              <Row label="ชื่อผู้ป่วย / Name">
                <span className="nowrap">{patient.name}</span>
              </Row>
              <Row label="HN">{patient.hn || '–'}</Row>
            </tr>
            <tr>
              <Row label="อายุ / เพศ">{ageSex}</Row>
              <Row label="Accession No.">{exam.accessionNumber ?? '–'}</Row>
            </tr>
            <tr>
              <Row label="การตรวจ / Exam">
                {exam.modality} · {exam.description}
              </Row>
              <Row label="วันที่ตรวจ / Exam date">
                <span className="nowrap">{bangkokDateTime(exam.examDate)}</span>
              </Row>
            </tr>
            <tr>
              <Row label="แพทย์ผู้ส่ง / Referring">{exam.referringPhysicianName ?? '–'}</Row>
              <Row label="โรงพยาบาล / Hospital">{exam.clientName ?? '–'}</Row>
            </tr>
          </tbody>
        </table>
        {report.kind === 'addendum' ? <Section id="addendum" text={report.content.addendum ?? ''} /> : null}
        <Section id="clinicalInformation" text={report.content.clinicalInformation} />
        <Section id="technique" text={report.content.technique} />
        <Section id="findings" text={report.content.findings} />
        <Section id="impression" text={report.content.impression} />
        <footer className="sign">
          <div className="box">
            <div className="doctor">{report.radiologist.name}</div>
            <div>
              รังสีแพทย์ (Radiologist)
              {report.radiologist.licenseNo ? ` · เลขที่ใบอนุญาต ${report.radiologist.licenseNo}` : ''}
            </div>
            <div>รายงานเมื่อ (Reported) {bangkokDateTime(report.finishedAt)}</div>
            {report.editedBy ? <div>บันทึกโดย (Entered by) {report.editedBy}</div> : null}
          </div>
        </footer>
        <div className="meta">
          <div>
            {kind.th} ฉบับที่ {report.versionNo} รายงานที่บันทึกแล้วจะไม่ถูกแก้ไข การแก้ไขออกเป็นฉบับแก้ไขเพิ่มเติม
          </div>
          <div>
            ({kind.en} report, version {report.versionNo}. A finished report is never changed; corrections are issued as
            addenda.)
          </div>
        </div>
      </body>
    </html>
  );
}

/** The document as a React element (the report engine renders definitions' elements itself). */
export function radiologyReportElement(doc: RadiologyReportDocument): ReactElement {
  return <RadiologyReport doc={doc} />;
}

/** The whole HTML document the PDF printer prints. React escapes every text: HTML in report text stays text. */
export function radiologyReportHtml(doc: RadiologyReportDocument): string {
  return `<!doctype html>${renderToStaticMarkup(radiologyReportElement(doc))}`;
}
