import type { LeftOutReason } from './disc-file';
import type { ExportInstanceRow } from './export.repository';

/** The README's file ID: one component, as PS3.12 Annex F allows on an ISO 9660 disc (no extension). */
export const README_FILE_ID = ['README'];

const REASONS: Record<LeftOutReason, { th: string; en: string }> = {
  'no-decoder': {
    th: 'ระบบไม่มีตัวถอดรหัสสำหรับรูปแบบการบีบอัดนี้',
    en: 'Rangsi has no decoder for this transfer syntax',
  },
  undecodable: { th: 'ถอดรหัสข้อมูลภาพไม่สำเร็จ', en: 'its pixel data could not be decoded' },
  'too-large': { th: 'ไฟล์ใหญ่เกินกว่าจะแปลงได้', en: 'the file is too large to convert' },
};

export interface LeftOutInstance {
  row: ExportInstanceRow;
  reason: LeftOutReason;
}

/**
 * The file-set descriptor of a STD-GEN-CD disc that could not hold every instance (UTF-8, named in the DICOMDIR): which
 * ones are missing and why, by UID only, and that the as-stored export has them all. Thai first, English beside it.
 */
export function leftOutReadme(leftOut: LeftOutInstance[]): Buffer {
  const lines = [
    'แผ่นนี้เขียนตามโพรไฟล์ CD ทั่วไป (STD-GEN-CD): ทุกไฟล์เป็น DICOM แบบ explicit VR little endian ไม่บีบอัด',
    'This disc follows the General Purpose CD-R profile (STD-GEN-CD): every file is uncompressed explicit VR little endian.',
    '',
    `ภาพ ${leftOut.length} ภาพไม่ได้อยู่ในแผ่นนี้ เพราะแปลงเป็นแบบไม่บีบอัดไม่ได้ ดาวน์โหลดแบบ "ตามที่เก็บ (as stored)" เพื่อให้ได้ครบทุกภาพ`,
    `${leftOut.length} image(s) are not on this disc because they could not be converted; the "as stored" export has them all.`,
    '',
    ...leftOut.flatMap(({ row, reason }) => [
      `- Study ${row.studyInstanceUid} / Series ${row.seriesInstanceUid} / SOP Instance ${row.sopInstanceUid}`,
      `  Transfer syntax ${row.transferSyntaxUid}: ${REASONS[reason].th} (${REASONS[reason].en})`,
    ]),
    '',
  ];
  return Buffer.from(lines.join('\r\n'), 'utf8');
}
