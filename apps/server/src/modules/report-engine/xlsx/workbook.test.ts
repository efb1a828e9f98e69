import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { tableToXlsx, type XlsxTable } from './workbook';

const batch: XlsxTable = {
  title: 'ใบแจ้งหนี้ BL2569-RS1-00001',
  era: 'BE',
  columns: [
    { header: 'วันที่นัด', kind: 'day' },
    { header: 'HN', kind: 'text' },
    { header: 'ชื่อผู้ป่วย', kind: 'text' },
    { header: 'ราคารวม', kind: 'money' },
  ],
  rows: [
    ['2026-11-02', '0012345', 'นางสาวสมหญิง ใจดี', 125_050],
    ['2026-11-03', '0012346', 'นายสมชาย รักไทย', 1_000_000_000],
    ['2026-11-04', '0012347', null, null],
  ],
};

describe(tableToXlsx.name, () => {
  it('writes a sheet read back with its title, Thai headers and names, BE days as text and money as numbers', async () => {
    const xlsx = await tableToXlsx(batch);
    expect(xlsx.subarray(0, 2).toString()).toBe('PK'); // a zip, as every XLSX is
    const rows = await readSheet(xlsx);
    expect(rows[0]?.[0]).toBe('ใบแจ้งหนี้ BL2569-RS1-00001');
    expect(rows[2]).toEqual(['วันที่นัด', 'HN', 'ชื่อผู้ป่วย', 'ราคารวม']);
    expect(rows[3]).toEqual(['02-11-2569', '0012345', 'นางสาวสมหญิง ใจดี', 1250.5]);
    expect(rows[4]?.[3]).toBe(10_000_000);
    expect(typeof rows[4]?.[3]).toBe('number');
    expect(rows[5]).toEqual(['04-11-2569', '0012347', null, null]);
  });

  it('writes Christian-era days unless asked for the Buddhist era', async () => {
    const rows = await readSheet(await tableToXlsx({ ...batch, era: undefined }));
    expect(rows[3]?.[0]).toBe('02-11-2026');
  });

  it.each([
    [{ ...batch, rows: [['2026-11-02', 'x', 'y', 12.5]] }, 'a fraction of a satang'],
    [{ ...batch, rows: [['2026-11-02', 'x', 'y', '125']] }, 'money as text'],
    [{ ...batch, rows: [['02-11-2026', 'x', 'y', 1]] }, 'a day not yyyy-MM-dd'],
    [{ ...batch, rows: [['2026-11-02', 'x', 1]] }, 'a row short of a value'],
  ])('refuses %#: %s', async (table) => {
    await expect(tableToXlsx(table as XlsxTable)).rejects.toThrow(RangeError);
  });
});
