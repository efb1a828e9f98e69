/* @jsxRuntime automatic */
// (The pragma: `tsx apps/server/src/main.ts` runs from the repository root, where no tsconfig sets "jsx".)
import type { ReactNode } from 'react';
import { fontFaceCss, type PdfPage } from '../../../pdf/pdf-renderer';

/** The CSS @page rule of a paper: Chromium prints with preferCSSPageSize, so this is the page the PDF gets. */
function pageRule(paper: NonNullable<PdfPage['paper']>): string {
  if (paper === 'A4') return '@page{size:A4;margin:12mm 12mm 14mm}';
  if (paper === 'A4-landscape') return '@page{size:A4 landscape;margin:10mm 10mm 12mm}';
  return `@page{size:${paper.widthMm}mm ${paper.heightMm}mm;margin:0}`;
}

/**
 * Styles every document shares. Sarabun's stacked Thai marks need line-height ≥ 1.5 (docs/stack-notes.md); numbers use
 * tabular figures and sit right-aligned; a table's header repeats on every page and a row never splits.
 */
const BASE_CSS = `
html{-webkit-print-color-adjust:exact;print-color-adjust:exact}
*{box-sizing:border-box}
body{margin:0;font-family:'Sarabun',sans-serif;font-size:10pt;line-height:1.55;color:#1a2633}
h1{font-size:15pt;font-weight:700;line-height:1.5;margin:0}
h2{font-size:11.5pt;font-weight:700;line-height:1.5;margin:5mm 0 1.5mm}
p{margin:0 0 1.5mm}
.org{display:flex;justify-content:space-between;align-items:flex-start;border-bottom:1.2pt solid #1d5f8f;padding-bottom:2mm;margin-bottom:3mm}
.org .name{font-size:9pt;color:#536170}
.org .printed{font-size:8.5pt;color:#536170;text-align:right;white-space:nowrap}
.params{display:flex;flex-wrap:wrap;gap:1mm 7mm;font-size:9.5pt;margin:1mm 0 3mm}
.params b{font-weight:700}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums;margin-bottom:2mm}
thead{display:table-header-group}
tr{break-inside:avoid}
th,td{border:0.6pt solid #b8c4d0;padding:0.8mm 1.6mm;vertical-align:top;line-height:1.5;text-align:left}
th{background:#eef3f8;font-weight:700}
.num{text-align:right;white-space:nowrap}
.center{text-align:center}
.nowrap{white-space:nowrap}
tr.sub td{background:#f6f8fa;font-weight:700}
tr.total td{background:#e3ebf3;font-weight:700}
td.empty{text-align:center;color:#536170;padding:4mm}
.note{margin-top:4mm;padding:2mm 3mm;border-left:2pt solid #c77700;background:#fff7e6;font-size:9pt}
.muted{color:#536170}
.new-page{break-before:page;margin-top:0}
table.compact{font-size:8.5pt}
table.compact td{padding:0.3mm 1.6mm}
.legend{font-size:8.5pt;color:#536170;margin-top:1mm}
`;

/** A whole printable document: `<html lang="th">`, the vendored Sarabun, the page size, a <title>. */
export function ReportDocument({
  title,
  paper,
  css = '',
  children,
}: {
  title: string;
  paper: NonNullable<PdfPage['paper']>;
  /** Extra static CSS of a template (never data). */
  css?: string;
  children: ReactNode;
}) {
  return (
    <html lang="th">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
        <style>{`${fontFaceCss()}\n${pageRule(paper)}\n${BASE_CSS}\n${css}`}</style>
      </head>
      <body>{children}</body>
    </html>
  );
}
