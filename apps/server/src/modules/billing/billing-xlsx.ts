import { tableToXlsx } from '../report-engine/xlsx/workbook';
import { bangkokDayOf } from '@rangsi/domain';
import type { BatchExport } from './billing.service';

/**
 * The XLSX of a batch (issue 24 item 9c, decision acc45): one sheet titled with the BL number and hospital, a line per
 * request (appointment day in the Buddhist era, HN, patient, total as a number, paid or not and the receipt that paid
 * it), then the total, paid and due rows, so the sheet adds up like the statement.
 */
export async function batchWorkbook(
  doc: BatchExport,
): Promise<{ xlsx: Buffer; fileName: string; asciiFileName: string }> {
  const b = doc.billing;
  const total = doc.lines.reduce((n, l) => n + l.totalSatang, 0);
  const paid = doc.lines.reduce((n, l) => n + (l.paidAt ? l.totalSatang : 0), 0);
  const xlsx = await tableToXlsx({
    title: `ใบวางบิล ${b.documentNo} ${b.hospitalName} (${b.privilegeName ?? 'ทุกสิทธิ'})`,
    era: 'BE',
    columns: [
      { header: 'ลำดับ', kind: 'text', width: 7 },
      { header: 'วันนัดตรวจ', kind: 'day' },
      { header: 'HN', kind: 'text', width: 12 },
      { header: 'ชื่อผู้ป่วย', kind: 'text', width: 30 },
      { header: 'จำนวนเงิน (บาท)', kind: 'money' },
      { header: 'สถานะ', kind: 'text', width: 12 },
      { header: 'วันที่ชำระ', kind: 'day' },
      { header: 'เลขที่ใบเสร็จ', kind: 'text', width: 20 },
    ],
    rows: [
      ...doc.lines.map((l, i) => [
        String(i + 1),
        bangkokDayOf(l.appointmentAt),
        l.hn,
        l.patientName,
        l.totalSatang,
        l.paidAt ? 'ชำระแล้ว' : 'ค้างชำระ',
        l.paidAt ? bangkokDayOf(l.paidAt) : null,
        l.paidReceiptNo,
      ]),
      [null, null, null, 'รวมทั้งสิ้น', total, null, null, null],
      [null, null, null, 'ชำระแล้ว', paid, null, null, null],
      [null, null, null, 'คงค้างชำระ', total - paid, null, null, null],
    ],
  });
  return { xlsx, fileName: `ใบวางบิล-${b.documentNo}.xlsx`, asciiFileName: `billing-${b.documentNo}.xlsx` };
}
