import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import yauzl from 'yauzl';
import type { CurrentUser } from '../../../auth/current-user';
import type { ExamsService } from '../exams.service';
import type { IngestContext, IngestResult } from '../../../dicom/archive';
import type { LocalDicomArchive } from '../../../dicom/archive/local-archive';

export interface ImportLimits {
  /** One instance (or one file of the upload). */
  maxFileBytes: number;
  /** All the bytes of one import, zip contents included. */
  maxTotalBytes: number;
  maxFiles: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxFileBytes: 1024 ** 3,
  maxTotalBytes: 4 * 1024 ** 3,
  maxFiles: 10_000,
};

export interface ImportReport {
  stored: number;
  duplicate: number;
  /** DICOMDIR and other non-instances found on CDs and in zips. */
  skipped: number;
  failed: { fileName: string; reason: string }[];
}

class TooLarge extends Error {}

/**
 * Web import (spec: staff upload DICOM files or a zip of them for an exam): the same ingest as DIMSE and STOW, the
 * study forced onto this exam. Upload bytes are spooled to files, never held in memory; zips are read entry by entry.
 */
export class DicomImportService {
  constructor(
    private readonly archive: LocalDicomArchive,
    private readonly exams: ExamsService,
    private readonly tmpDir: string,
    readonly limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
  ) {
    fs.mkdirSync(tmpDir, { recursive: true });
  }

  /** The exam, in the user's scope (a 404 otherwise), checked before any byte is read. */
  check(user: CurrentUser, examId: string) {
    return this.exams.load(user, examId);
  }

  newReport(): ImportReport & { bytes: number; files: number } {
    return { stored: 0, duplicate: 0, skipped: 0, failed: [], bytes: 0, files: 0 };
  }

  /** One uploaded file (DICOM or zip): spooled, then ingested (each zip entry in turn). */
  async importUpload(
    user: CurrentUser,
    examId: string,
    fileName: string,
    stream: Readable,
    report: ImportReport & { bytes: number; files: number },
  ): Promise<void> {
    const spooled = path.join(this.tmpDir, `upload-${randomUUID()}`);
    try {
      try {
        await this.spool(stream, spooled, report);
      } catch (err) {
        if (err instanceof TooLarge) {
          report.failed.push({ fileName: safeName(fileName), reason: err.message });
          stream.resume();
          return;
        }
        throw err;
      }
      if ((stream as Readable & { truncated?: boolean }).truncated) {
        report.failed.push({ fileName: safeName(fileName), reason: 'ไฟล์ใหญ่เกินกำหนด' });
        return;
      }
      if (await isZip(spooled)) {
        await this.importZip(user, examId, fileName, spooled, report);
      } else {
        report.files += 1;
        const copy = `${spooled}.dcm`;
        await fs.promises.rename(spooled, copy);
        this.count(report, fileName, await this.archive.ingestFile(copy, this.context(user, examId)));
      }
    } finally {
      await fs.promises.rm(spooled, { force: true });
    }
  }

  private context(user: CurrentUser, examId: string): IngestContext {
    return { source: 'WEB-IMPORT', userId: user.userId, userName: user.displayName, examId };
  }

  private count(report: ImportReport, fileName: string, r: IngestResult): void {
    if (r.status === 'stored') report.stored += 1;
    else if (r.status === 'duplicate') report.duplicate += 1;
    else if (
      r.code === 'unsupported-sop-class' ||
      (r.code === 'not-dicom' && /^dicomdir$/i.test(path.basename(fileName)))
    )
      report.skipped += 1;
    else report.failed.push({ fileName: safeName(fileName), reason: reasonText(r.code, r.reason) });
  }

  private async spool(stream: Readable, file: string, report: { bytes: number }): Promise<void> {
    const limits = this.limits;
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        report.bytes += chunk.length;
        if (size > limits.maxFileBytes) return cb(new TooLarge('ไฟล์ใหญ่เกินกำหนด'));
        if (report.bytes > limits.maxTotalBytes) return cb(new TooLarge('ข้อมูลที่นำเข้ารวมกันใหญ่เกินกำหนด'));
        cb(null, chunk);
      },
    });
    try {
      await pipeline(stream, meter, fs.createWriteStream(file, { flags: 'wx' }));
    } catch (err) {
      await fs.promises.rm(file, { force: true });
      throw err;
    }
  }

  /** Entries of a zip, each written to its own temp file and ingested; directories and nested zips are passed over. */
  private async importZip(
    user: CurrentUser,
    examId: string,
    zipName: string,
    zipPath: string,
    report: ImportReport & { bytes: number; files: number },
  ): Promise<void> {
    let zip: yauzl.ZipFile;
    try {
      zip = await yauzl.openPromise(zipPath, {
        lazyEntries: true,
        autoClose: true,
        validateEntrySizes: true,
        strictFileNames: false,
      });
    } catch {
      report.failed.push({ fileName: safeName(zipName), reason: 'ไฟล์ zip เสียหาย' });
      return;
    }
    try {
      for await (const entry of zip.eachEntry()) {
        if (entry.fileName.endsWith('/')) continue;
        const name = `${safeName(zipName)}/${safeName(entry.fileName)}`;
        if (report.files >= this.limits.maxFiles) {
          report.failed.push({ fileName: safeName(zipName), reason: 'จำนวนไฟล์เกินกำหนด' });
          break;
        }
        report.files += 1;
        if (entry.uncompressedSize > this.limits.maxFileBytes) {
          report.failed.push({ fileName: name, reason: 'ไฟล์ใหญ่เกินกำหนด' });
          continue;
        }
        const out = path.join(this.tmpDir, `entry-${randomUUID()}.dcm`);
        try {
          await this.spool(await zip.openReadStreamPromise(entry), out, report);
        } catch (err) {
          report.failed.push({ fileName: name, reason: err instanceof TooLarge ? err.message : 'อ่านไฟล์ใน zip ไม่ได้' });
          if (report.bytes > this.limits.maxTotalBytes) break;
          continue;
        }
        this.count(report, name, await this.archive.ingestFile(out, this.context(user, examId)));
      }
    } catch {
      report.failed.push({ fileName: safeName(zipName), reason: 'ไฟล์ zip เสียหาย' });
    } finally {
      zip.close();
    }
  }

  /** The exam's log line and audit entry for an import that stored something. */
  async record(user: CurrentUser, examId: string, report: ImportReport): Promise<void> {
    const exam = await this.exams.load(user, examId);
    await this.exams.recordEvent(user, exam, 'dicomImported', `นำเข้าภาพ ${report.stored} ภาพ`);
  }
}

async function isZip(file: string): Promise<boolean> {
  const h = await fs.promises.open(file, 'r');
  try {
    const b = Buffer.alloc(4);
    const { bytesRead } = await h.read(b, 0, 4, 0);
    return bytesRead === 4 && b.readUInt32LE(0) === 0x04034b50;
  } finally {
    await h.close();
  }
}

/** A file name for the report: no directories from the client's machine beyond the zip's own, no control characters. */
function safeName(name: string): string {
  return (
    name
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .replace(/\\/g, '/')
      .split('/')
      .filter((p) => p && p !== '..')
      .slice(-3)
      .join('/')
      .slice(0, 200) || 'file'
  );
}

function reasonText(code: string, reason: string): string {
  switch (code) {
    case 'not-dicom':
      return 'ไม่ใช่ไฟล์ DICOM ที่อ่านได้';
    case 'truncated':
      return 'ไฟล์ DICOM ไม่สมบูรณ์ (ถูกตัด)';
    case 'missing-uid':
      return 'ไฟล์ DICOM ไม่มี UID ที่จำเป็น';
    case 'too-large':
      return 'ไฟล์ใหญ่เกินกำหนด';
    default:
      return reason === 'study already belongs to another exam' ? 'ภาพชุดนี้เป็นของรายการตรวจอื่นแล้ว' : 'นำเข้าไม่สำเร็จ';
  }
}
