import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dimse } from './dimse/lib';
import { acceptableSyntaxes, type Offers } from './dimse/negotiation';
import { PATIENT_ROOT_FIND_SOP_CLASS } from './dimse/qr/archive-find';
import { PATIENT_ROOT_GET_SOP_CLASS } from './dimse/qr/archive-get';
import { PATIENT_ROOT_MOVE_SOP_CLASS } from './dimse/qr/archive-move';
import { keywordOf } from './parse/dictionary';
import { MAX_BOUNDARY_LENGTH } from './dicomweb/multipart';
import { matchingTags, MAX_RESULTS } from './query/qido';
import { QUERY_TRANSFER_SYNTAXES, STORAGE_SOP_CLASS_PREFIX, STORAGE_TRANSFER_SYNTAXES } from './uids';

// The conformance statement is read as an integrator reads it; its tables must say what the listener does.
const statement = readFileSync(
  fileURLToPath(new URL('../../../../docs/dicom-conformance.md', import.meta.url)),
  'utf8',
);

/** The rows of the table between `<!-- conformance:NAME -->` and its closing marker, cells trimmed, header dropped. */
function table(name: string): string[][] {
  const start = statement.indexOf(`<!-- conformance:${name} -->`);
  const end = statement.indexOf(`<!-- /conformance:${name} -->`);
  if (start < 0 || end < start) throw new Error(`the statement has no ${name} table`);
  return statement
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

const everything: Offers = {
  worklist: true,
  query: true,
  retrieve: true,
  move: true,
  storageCommitment: true,
  mpps: true,
};

const syntaxRows = table('transfer-syntaxes');
const syntaxGroups: Record<string, Set<string>> = {
  'uncompressed-le': new Set(syntaxRows.filter((r) => r[2] === 'yes').map((r) => r[1]!)),
  storage: new Set(syntaxRows.filter((r) => r[3] === 'yes').map((r) => r[1]!)),
};
const sopRows = table('sop-classes');

describe('DICOM conformance statement (docs/dicom-conformance.md)', () => {
  it('lists the transfer syntaxes storage accepts and those of the other services, no more, no fewer', () => {
    expect([...syntaxGroups.storage!].sort()).toEqual([...STORAGE_TRANSFER_SYNTAXES].sort());
    expect([...syntaxGroups['uncompressed-le']!].sort()).toEqual([...QUERY_TRANSFER_SYNTAXES].sort());
  });

  it('gives every SOP class it lists the transfer syntaxes the listener accepts for it', () => {
    expect(sopRows.length).toBeGreaterThan(10);
    for (const [name, uid, , group] of sopRows) {
      const documented = syntaxGroups[group!];
      expect(documented, `${name}: unknown syntax group ${group}`).toBeDefined();
      const accepted = acceptableSyntaxes(uid!, everything);
      expect(accepted ? [...accepted].sort() : null, `${name} (${uid})`).toEqual([...documented!].sort());
    }
  });

  it('names every non-storage SOP class the listener accepts, and says storage is open to the whole storage root', () => {
    const documented = new Set(sopRows.map((r) => r[1]));
    const known = new Set([
      ...Object.values(dimse.constants.SopClass as Record<string, string>),
      ...Object.values(dimse.constants.StorageClass as Record<string, string>),
      PATIENT_ROOT_FIND_SOP_CLASS,
      PATIENT_ROOT_GET_SOP_CLASS,
      PATIENT_ROOT_MOVE_SOP_CLASS,
      '1.2.840.10008.5.1.4.34.6.1', // Unified Procedure Step — Push
      '1.2.840.10008.5.1.4.38.2', // Hanging Protocol Information Model — FIND
    ]);
    for (const uid of known) {
      if (documented.has(uid)) continue;
      const accepted = acceptableSyntaxes(uid, everything);
      if (uid.startsWith(STORAGE_SOP_CLASS_PREFIX)) {
        expect(accepted && [...accepted].sort(), uid).toEqual([...STORAGE_TRANSFER_SYNTAXES].sort());
      } else {
        expect(accepted, `${uid} is accepted but not in the statement`).toBeNull();
      }
    }
    expect(statement).toContain(`every SOP\nclass under \`${STORAGE_SOP_CLASS_PREFIX}\``);
  });

  it('lists the matching keys of each query level as QIDO-RS and C-FIND match them', () => {
    const rows = new Map(table('matching-keys').map(([level, keys]) => [level, keys!.split(', ')]));
    const levels = { STUDY: 'study', SERIES: 'series', IMAGE: 'instance' } as const;
    for (const [documentedLevel, level] of Object.entries(levels)) {
      const actual = matchingTags(level).map((tag: string) => keywordOf(tag));
      expect(rows.get(documentedLevel), documentedLevel).toEqual(actual);
    }
  });

  it('states the QIDO-RS answer cap and the STOW-RS boundary length the server applies', () => {
    expect(statement).toContain(`**At most ${MAX_RESULTS} results per answer**`);
    expect(statement).toContain(`boundaries of\n  up to ${MAX_BOUNDARY_LENGTH} characters`);
  });
});
