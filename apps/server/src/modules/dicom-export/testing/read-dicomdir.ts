/**
 * Test support: a DICOMDIR read back by dcmtk's dcmdump (the referee) and by Debian's python3-pydicom's
 * FileSet, which follows every record offset and opens every referenced file (both test dependencies, in .ci/run).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export interface DumpedRecord {
  offset: number;
  type: string;
  next: number;
  lower: number;
  fileId: string | null;
  sopInstanceUid: string | null;
  transferSyntax: string | null;
  /** The record's own dump lines (its keys, nested items too), as dcmdump prints them. */
  lines: string[];
}

/** A key's value as dcmdump prints it in a record: the text between brackets, or the =Name of a UID; null when absent. */
export function recordKey(record: DumpedRecord, tag: string): string | null {
  const line = record.lines.find((l) => l.trimStart().startsWith(`(${tag.toLowerCase()})`));
  if (!line) return null;
  const m = /^\s*\([0-9a-f,]+\) [A-Z]{2} (?:\[([^\]]*)\]|(\S+))/.exec(line);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

export interface DumpedDicomdir {
  first: number;
  last: number;
  records: DumpedRecord[];
  text: string;
}

/** Runs dcmdump on a DICOMDIR and collects its directory records (offsets as dcmdump computed them). */
export async function dcmdumpDicomdir(file: string): Promise<DumpedDicomdir> {
  const { stdout, stderr } = await exec('dcmdump', ['+L', file], { maxBuffer: 64 * 1024 * 1024 });
  if (/^[EW]:/m.test(stderr)) throw new Error(`dcmdump complained: ${stderr}`);
  const records: DumpedRecord[] = [];
  let first = -1;
  let last = -1;
  let current: DumpedRecord | null = null;
  for (const line of stdout.split('\n')) {
    let m: RegExpExecArray | null;
    if ((m = /^\(0004,1200\) up (\d+)/.exec(line))) first = Number(m[1]);
    else if ((m = /^\(0004,1202\) up (\d+)/.exec(line))) last = Number(m[1]);
    else if ((m = /"Directory Record" (.+?) #=/.exec(line))) {
      current = {
        offset: -1,
        type: m[1]!.trim(),
        next: -1,
        lower: -1,
        fileId: null,
        sopInstanceUid: null,
        transferSyntax: null,
        lines: [],
      };
      records.push(current);
    } else if (current) {
      if (/^\s{4,}\(/.test(line)) current.lines.push(line);
      if ((m = /^\s+#\s+offset=\$(\d+)/.exec(line))) current.offset = Number(m[1]);
      else if ((m = /^\s+\(0004,1400\) up (\d+)/.exec(line))) current.next = Number(m[1]);
      else if ((m = /^\s+\(0004,1420\) up (\d+)/.exec(line))) current.lower = Number(m[1]);
      else if ((m = /^\s+\(0004,1500\) CS \[([^\]]*)\]/.exec(line))) current.fileId = m[1]!;
      else if ((m = /^\s+\(0004,1511\) UI \[([^\]]*)\]/.exec(line))) current.sopInstanceUid = m[1]!;
      else if ((m = /^\s+\(0004,1512\) UI (\S+)/.exec(line))) current.transferSyntax = m[1]!;
    }
  }
  return { first, last, records, text: stdout };
}

const LEVELS: Record<string, string> = { PATIENT: 'STUDY', STUDY: 'SERIES' };

/**
 * Walks the directory from the root record through every next and lower offset, as a reader of the media does, and
 * answers the leaf records reached. Throws when an offset points at no record, a record is reached twice or never,
 * or a level holds the wrong record type.
 */
export function walkDicomdir(d: DumpedDicomdir): DumpedRecord[] {
  const byOffset = new Map(d.records.map((r) => [r.offset, r]));
  const seen = new Set<number>();
  const leaves: DumpedRecord[] = [];
  const chain = (start: number, expected: string | null): void => {
    let at = start;
    let lastOfChain = 0;
    while (at !== 0) {
      const r = byOffset.get(at);
      if (!r) throw new Error(`offset ${at} points at no directory record`);
      if (seen.has(at)) throw new Error(`record at ${at} reached twice`);
      seen.add(at);
      if (expected && r.type !== expected) throw new Error(`record at ${at} is ${r.type}, expected ${expected}`);
      if (!expected && ['PATIENT', 'STUDY', 'SERIES'].includes(r.type))
        throw new Error(`record at ${at} is ${r.type} at the instance level`);
      if (expected === null) {
        if (r.lower !== 0) throw new Error(`instance record at ${at} has a lower level`);
        leaves.push(r);
      } else chain(r.lower, r.type === 'SERIES' ? null : LEVELS[r.type]!);
      lastOfChain = at;
      at = r.next;
    }
    if (start === d.first && lastOfChain !== d.last)
      throw new Error(`last root record ${d.last} is not the end of the root chain (${lastOfChain})`);
  };
  chain(d.first, 'PATIENT');
  if (seen.size !== d.records.length) throw new Error(`${d.records.length - seen.size} records are never reached`);
  return leaves;
}

/**
 * pydicom's FileSet on the DICOMDIR in `dir`, warnings as errors: [ReferencedFileID path, SOPInstanceUID] of each instance.
 * python3-pydicom is a test dependency (CI installs it, .ci/run): without it this throws, saying what to install.
 */
export async function pydicomFileSet(dir: string): Promise<{ path: string; sopInstanceUid: string }[]> {
  if (!fs.existsSync('/usr/lib/python3/dist-packages/pydicom/fileset.py')) {
    throw new Error(
      'pydicom is missing (no /usr/lib/python3/dist-packages/pydicom/fileset.py): install python3-pydicom (apt-get install python3-pydicom), as .ci/run does',
    );
  }
  const script = [
    'import json, os, sys, pydicom',
    'from pydicom.fileset import FileSet',
    'fs = FileSet(pydicom.dcmread(os.path.join(sys.argv[1], "DICOMDIR")))',
    'out = []',
    'for i in fs:',
    '    ds = i.load()',
    '    out.append({"path": os.path.relpath(i.path, sys.argv[1]), "sopInstanceUid": str(ds.SOPInstanceUID)})',
    'print(json.dumps(out))',
  ].join('\n');
  // Debian's interpreter (where python3-pydicom lives), not whatever python3 comes first on PATH.
  const { stdout } = await exec('/usr/bin/python3', ['-W', 'error::UserWarning', '-c', script, dir], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as { path: string; sopInstanceUid: string }[];
}
