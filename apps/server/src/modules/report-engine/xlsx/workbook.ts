import writeXlsxFile, { type Cell, type Row } from 'write-excel-file/node';

/** A column of an exported table: its Thai header and how its values are written. */
export interface XlsxColumn {
  header: string;
  /** text: as given; day: a yyyy-MM-dd calendar day written dd-MM-yyyy; money: integer satang written as baht. */
  kind: 'text' | 'day' | 'money';
  /** Width in characters; a width from the header and kind otherwise. */
  width?: number;
}

/** A titled table to export: one sheet, the title on the first row, the headers on the third, then the rows. */
export interface XlsxTable {
  title: string;
  columns: XlsxColumn[];
  /** One value per column: text a string, day a yyyy-MM-dd string, money integer satang; null leaves the cell empty. */
  rows: (string | number | null)[][];
  /** The sheet's name (tablesToXlsx); the title when absent. */
  sheet?: string;
  /** Year of day columns: Buddhist era (2569, what Thai documents show) or Christian era. CE by default. */
  era?: 'BE' | 'CE';
}

const MONEY_FORMAT = '#,##0.00';
const TEXT_FORMAT = '@';

function dayText(value: string, era: 'BE' | 'CE'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) throw new RangeError(`XLSX day column: not a yyyy-MM-dd day: ${value}`);
  return `${m[3]}-${m[2]}-${Number(m[1]) + (era === 'BE' ? 543 : 0)}`;
}

function cellOf(column: XlsxColumn, value: string | number | null, era: 'BE' | 'CE'): Cell {
  if (value === null) return null;
  if (column.kind === 'money') {
    // Satang are integers everywhere on the server; a fraction here would be a rounding bug upstream.
    if (typeof value !== 'number' || !Number.isSafeInteger(value))
      throw new RangeError(`XLSX money column "${column.header}": not whole satang: ${value}`);
    // A number, not text, so that the accountant can sum and filter it; the format shows it as the documents do.
    return { value: value / 100, type: Number, format: MONEY_FORMAT };
  }
  if (typeof value !== 'string')
    throw new RangeError(`XLSX ${column.kind} column "${column.header}": not a string: ${value}`);
  // Days are text, not Excel dates: a BE year (2569) as a date would be a day 543 years ahead, and a date cell's look
  // follows the reader's locale; text keeps dd-MM-yyyy as the PDFs print it. '@' stops Excel guessing numbers in HNs.
  return { value: column.kind === 'day' ? dayText(value, era) : value, type: String, format: TEXT_FORMAT };
}

/** Default width: room for the header or a typical value of the kind, whichever is wider. */
function widthOf(column: XlsxColumn): number {
  const typical = column.kind === 'day' ? 12 : column.kind === 'money' ? 14 : 16;
  return column.width ?? Math.max(typical, column.header.length + 2);
}

/** Excel refuses sheet names over 31 characters or with : \ / ? * [ ]. */
function sheetName(title: string): string {
  return (
    title
      .replace(/[:\\/?*[\]]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet1'
  );
}

/** An XLSX file of one titled table (Thai headers, money as numbers formatted #,##0.00, days as dd-MM-yyyy text). */
export async function tableToXlsx(table: XlsxTable): Promise<Buffer> {
  return writeXlsxFile(sheetData(table), {
    sheet: sheetName(table.sheet ?? table.title),
    ...sheetLayout(table),
  }).toBuffer();
}

/**
 * An XLSX file of several titled tables, one sheet each, in order (the cash-up: receipts, fees, petty cash, summary).
 * Sheet names come from `sheet` (else the title) and must differ once cut to Excel's 31 characters.
 */
export async function tablesToXlsx(tables: XlsxTable[]): Promise<Buffer> {
  const names = tables.map((t) => sheetName(t.sheet ?? t.title));
  if (tables.length === 0 || new Set(names).size !== names.length)
    throw new RangeError(`XLSX sheets need distinct names: ${names.join(', ')}`);
  return writeXlsxFile(tables.map((t, i) => ({ data: sheetData(t), sheet: names[i]!, ...sheetLayout(t) }))).toBuffer();
}

function sheetLayout(table: XlsxTable) {
  return { columns: table.columns.map((c) => ({ width: widthOf(c) })), stickyRowsCount: 3 };
}

function sheetData(table: XlsxTable): Row[] {
  const era = table.era ?? 'CE';
  const width = table.columns.length;
  for (const [i, row] of table.rows.entries()) {
    if (row.length !== width) throw new RangeError(`XLSX row ${i + 1} has ${row.length} values for ${width} columns`);
  }
  const data: Row[] = [
    [{ value: table.title, type: String, fontWeight: 'bold', columnSpan: width }, ...Array<Cell>(width - 1).fill(null)],
    [],
    table.columns.map((c) => ({
      value: c.header,
      type: String,
      fontWeight: 'bold',
      align: c.kind === 'money' ? 'right' : 'left',
    })),
    ...table.rows.map((row) => row.map((value, i) => cellOf(table.columns[i]!, value, era))),
  ];
  return data;
}
