import path from 'node:path';
import { ExportError } from './export-download/export-client';
import { MSG } from './messages';
import { lastLines, ProgramError } from './run-program';
import { UnsafeZipError } from './unpack/safe-unzip';

const DISK_FULL = /No space left on device|ENOSPC|disk full/i;

/** The user's message for whatever ended a job: the disk, the server, the zip, or a program in its own words. */
export function failureMessage(err: unknown): string {
  if (err instanceof ExportError) return err.message;
  if (err instanceof UnsafeZipError) return MSG.unsafeZip(err.message);
  if (err instanceof ProgramError) {
    const program = path.basename(err.program);
    if (DISK_FULL.test(err.stderr)) return MSG.diskFull;
    if (err.reason === 'missing') return MSG.programMissing(program);
    if (err.reason === 'timeout') return MSG.programTimedOut(program);
    if (err.reason === 'aborted') return MSG.cancelled;
    return MSG.programFailed(program, lastLines(err.stderr));
  }
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return MSG.diskFull;
  return MSG.unexpected;
}

/** What a log line may say of an error: its kind and code, never its text (it may hold a path with an accession). */
export function errorKind(err: unknown): string {
  if (err instanceof ProgramError) return `${path.basename(err.program)}:${err.reason}:${err.exitCode ?? ''}`;
  const e = err as NodeJS.ErrnoException | null;
  return e?.code ?? e?.name ?? 'unknown';
}
