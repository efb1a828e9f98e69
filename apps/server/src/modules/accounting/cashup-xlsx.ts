import { FEE_TYPE_TH, RECEIPT_TYPE_TH, type CashupData } from '../report-engine/definitions/cashup-report';
import { formatDateTime, formatDayBE } from '../report-engine/format';
import { tablesToXlsx, type XlsxTable } from '../report-engine/xlsx/workbook';
import { bangkokDayOf } from '@rangsi/domain';

const time = (d: Date) => formatDateTime(d).slice(-5);

/**
 * The cash-up as XLSX (decision acc45): four sheets, as the PDF's sections: receipts (voided ones marked and left out
 * of the total), exam fees with the per-method sums, petty cash, and the closing summary. Money is a number of baht.
 */
export async function cashupWorkbook(
  d: CashupData,
): Promise<{ xlsx: Buffer; fileName: string; asciiFileName: string }> {
  const head = `ปิดยอดประจำวัน ${d.branchName} วันที่ ${formatDayBE(d.day)}`;
  const t = d.totals;
  const receipts: XlsxTable = {
    sheet: 'ใบเสร็จรับเงิน',
    title: `${head}: ใบเสร็จรับเงิน`,
    era: 'BE',
    columns: [
      { header: 'เลขที่ใบเสร็จ', kind: 'text', width: 20 },
      { header: 'วันที่', kind: 'day' },
      { header: 'เวลา', kind: 'text', width: 8 },
      { header: 'ประเภท', kind: 'text', width: 10 },
      { header: 'โรงพยาบาล', kind: 'text', width: 28 },
      { header: 'ใบวางบิล', kind: 'text', width: 20 },
      { header: 'ธนาคาร', kind: 'text' },
      { header: 'เลขที่อ้างอิง', kind: 'text' },
      { header: 'จำนวนเงิน (บาท)', kind: 'money' },
      { header: 'สถานะ', kind: 'text', width: 30 },
    ],
    rows: [
      ...[...d.transfers, ...d.cheques, ...d.voided].map((r) => [
        r.receiptDocumentId,
        bangkokDayOf(r.createdAt),
        time(r.createdAt),
        RECEIPT_TYPE_TH[r.type],
        r.hospitalName,
        r.billingDocumentId,
        r.bankName,
        r.number,
        r.amountSatang,
        r.voidedAt ? `ยกเลิก (ไม่นับรวม): ${r.voidReason ?? ''}` : 'ใช้งาน',
      ]),
      [null, null, null, null, 'รวมโอนเงิน', null, null, null, t.transferSatang, null],
      [null, null, null, null, 'รวมเช็ค', null, null, null, t.chequeSatang, null],
      [null, null, null, null, 'รวมรับตามใบเสร็จ', null, null, null, t.receiptsSatang, null],
    ],
  };
  const fees: XlsxTable = {
    sheet: 'ค่าตรวจ',
    title: `${head}: ค่าตรวจ`,
    columns: [
      { header: 'เวลาบันทึก', kind: 'text', width: 10 },
      { header: 'ประเภท', kind: 'text', width: 10 },
      { header: 'วิธีชำระ', kind: 'text' },
      { header: 'เลขที่อ้างอิง', kind: 'text' },
      { header: 'ใบเสร็จ', kind: 'text', width: 20 },
      { header: 'หมายเหตุ', kind: 'text', width: 24 },
      { header: 'จำนวนเงิน (บาท)', kind: 'money' },
    ],
    rows: [
      ...d.fees.map((f) => [
        time(f.createdAt),
        FEE_TYPE_TH[f.type],
        f.methodName,
        f.referenceCode,
        f.receiptDocumentId,
        f.remark,
        f.amountSatang,
      ]),
      ...d.feesByMethod.map((m) => [
        null,
        FEE_TYPE_TH[m.type],
        m.methodName,
        `${m.count} รายการ`,
        null,
        'รวมตามวิธีชำระ',
        m.totalSatang,
      ]),
      [null, null, null, null, null, 'รวมค่าตรวจ', t.feesSatang],
    ],
  };
  const pc = d.pettyCash;
  const money: XlsxTable = {
    sheet: 'เงินสดย่อย',
    title: pc ? `${head}: เงินสดย่อย (ฉบับบันทึกที่ ${pc.revision} จาก ${pc.revisions})` : `${head}: เงินสดย่อย (ยังไม่มีการบันทึก)`,
    columns: [
      { header: 'รายการ', kind: 'text', width: 36 },
      { header: 'จำนวนเงิน (บาท)', kind: 'money' },
    ],
    rows: pc
      ? [
          ['ยอดยกมา', pc.yesterdaySatang],
          ['รับโอนวันนี้ (ตามที่บันทึก)', pc.todaySatang],
          ...pc.items.map((it) => [`ค่าใช้จ่าย: ${it.name}`, it.amountSatang]),
          ['รวมค่าใช้จ่าย', pc.expensesSatang],
          ['เงินสดย่อยคงเหลือ', pc.balanceSatang],
        ]
      : [],
  };
  const summary: XlsxTable = {
    sheet: 'สรุปปิดยอด',
    title: `${head}: สรุปปิดยอด`,
    columns: [
      { header: 'รายการ', kind: 'text', width: 36 },
      { header: 'จำนวนเงิน (บาท)', kind: 'money' },
    ],
    rows: [
      ['รับโอนเงินตามใบเสร็จ', t.transferSatang],
      ['รับเช็คตามใบเสร็จ', t.chequeSatang],
      ['รวมรับตามใบเสร็จ', t.receiptsSatang],
      ['ค่าตรวจเงินสด', t.feeCashSatang],
      ['ค่าตรวจเช็ค', t.feeChequeSatang],
      ['รวมค่าตรวจทั้งวัน', t.feesSatang],
      ['เงินสดย่อยคงเหลือ ณ สิ้นวัน', pc ? pc.balanceSatang : null],
      ['ใบเสร็จที่ยกเลิก (ไม่นับรวม)', t.voidedSatang],
    ],
  };
  const xlsx = await tablesToXlsx([summary, receipts, fees, money]);
  return { xlsx, fileName: `ปิดยอดประจำวัน-${d.day}.xlsx`, asciiFileName: `cashup-${d.day}.xlsx` };
}
