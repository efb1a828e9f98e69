import type { WorklistCapabilities } from './worklist-capabilities';

export type WorklistColumnId =
  | 'status'
  | 'accession'
  | 'examDate'
  | 'hn'
  | 'patientName'
  | 'age'
  | 'exam'
  | 'branch'
  | 'countdown'
  | 'doctor'
  | 'editBy'
  | 'documents'
  | 'files'
  | 'images'
  | 'report'
  | 'actions';

export interface WorklistColumn {
  id: WorklistColumnId;
  /** Fixed width in px (padding included); undefined = shares what is left, with ellipsis. */
  width?: number;
  align?: 'left' | 'center' | 'right';
}

/**
 * Spec §6 columns in display order. Fixed columns are sized so that the widest default set (Staff: every exam
 * permission) leaves the patient and exam columns about 120 px each at 1366×768 with the drawer open — no
 * horizontal scroll; the flexible columns take what remains and truncate with a tooltip.
 */
export function worklistColumns(can: WorklistCapabilities): WorklistColumn[] {
  const columns: (WorklistColumn | false)[] = [
    { id: 'status', width: 104 },
    { id: 'accession', width: 120 },
    { id: 'examDate', width: 114 },
    { id: 'hn', width: 84 },
    { id: 'patientName' },
    can.age && { id: 'age', width: 40, align: 'right' },
    { id: 'exam' },
    can.branch && { id: 'branch', width: 96 },
    can.countdown && { id: 'countdown', width: 144 },
    can.assign && { id: 'doctor', width: 130 },
    can.editBy && { id: 'editBy', width: 120 },
    can.documents && { id: 'documents', width: 34, align: 'center' },
    can.documents && { id: 'files', width: 34, align: 'center' },
    can.images && { id: 'images', width: 38, align: 'center' },
    can.report && { id: 'report', width: 38, align: 'center' },
    { id: 'actions', width: 34, align: 'center' },
  ];
  return columns.filter((c): c is WorklistColumn => c !== false);
}

/** Columns narrow enough that their header reads better as an icon (the name is its tooltip and label). */
export const ICON_HEADER_COLUMNS: ReadonlySet<WorklistColumnId> = new Set([
  'documents',
  'files',
  'images',
  'report',
  'actions',
]);

/**
 * Width below which the table scrolls sideways inside its box (tablets) instead of squeezing the flexible columns
 * to nothing: the fixed columns plus 90 px for each flexible one. Staff's set needs 1,054 px, a Doctor's 1,060; the
 * content area at 1366 px with the drawer open has 1,084, or 1,067 where the browser draws a 17 px scrollbar.
 */
export function minimumTableWidth(columns: readonly WorklistColumn[]): number {
  return columns.reduce((sum, c) => sum + (c.width ?? 90), 0);
}
