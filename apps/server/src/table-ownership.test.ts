import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Each table has one owner, and only the owner writes it (issue 25 item 2; docs/architecture.md "Who owns which
// table"): another module changes it through the owner's service or port, inside its own transaction when it must.
// Reads may join other modules' tables in a repository (one statement, not a chain of calls). The demo seed writes
// demo data in bulk and is left out, as are tests and their helpers; a backup restore replaces the database files,
// not rows.
const SRC = path.resolve(import.meta.dirname);
const LEFT_OUT = /(\.test\.tsx?|test-helpers\.ts|-testing\.ts|\.d\.ts)$|(^|\/)(testing|test|seed|migrations)\//;

/** Table → the file or folder (relative to src/) that alone may write it. */
const OWNERS: Record<string, string> = {
  // One writer of exam state (change, log line and version together).
  exams: 'modules/exams/exam-state.repository.ts',
  exam_events: 'modules/exams/exam-state.repository.ts',
  patients: 'modules/patients/',
  patient_contacts: 'modules/patients/',
  photo_captures: 'modules/patients/',
  requests: 'modules/requests/request-writes.repository.ts',
  request_products: 'modules/requests/request-writes.repository.ts',
  custom_prices: 'modules/requests/request-writes.repository.ts',
  accession_sequences: 'modules/requests/request-writes.repository.ts',
  export_links: 'modules/requests/request-links.repository.ts',
  documents: 'modules/documents/documents.repository.ts',
  finished_reports: 'modules/radiology-reports/',
  report_drafts: 'modules/radiology-reports/',
  report_templates: 'modules/radiology-reports/',
  billings: 'modules/billing/',
  billing_requests: 'modules/billing/',
  receipts: 'modules/billing/',
  receipt_lines: 'modules/billing/',
  invoices: 'modules/billing/',
  document_numbers: 'modules/billing/',
  money_adjustments: 'modules/accounting/',
  money_adjustment_items: 'modules/accounting/',
  cost_submissions: 'modules/accounting/',
  users: 'modules/users/',
  user_permissions: 'modules/users/',
  login_failures: 'modules/users/',
  sessions: 'auth/session.repository.ts',
  api_credentials: 'modules/api-credentials/api-credentials.repository.ts',
  // A user's LINE account and the LINE Logins in progress (decisions ln01, ln02).
  chat_account_links: 'modules/chat-accounts/chat-accounts.repository.ts',
  chat_account_login_attempts: 'modules/chat-accounts/chat-accounts.repository.ts',
  audit_log: 'audit/audit.repository.ts',
  // The DICOM index is the library's: the archive, the cold archive, the reindex and the thumbnails keep it.
  dicom_studies: 'dicom/',
  dicom_series: 'dicom/',
  dicom_instances: 'dicom/',
  // What modalities said they performed (MPPS): written only by the listener's MPPS SCP.
  dicom_mpps: 'dicom/dimse/mpps/',
  site_config: 'db/settings.ts',
  // Reference data the forms offer (and the request form adds to): the uidata module's.
  branches: 'modules/uidata/',
  hospitals: 'modules/uidata/',
  hospital_privileges: 'modules/uidata/',
  hospital_doctors: 'modules/uidata/',
  hospital_buildings: 'modules/uidata/',
  privilege_prices: 'modules/uidata/',
  products: 'modules/uidata/',
  modalities: 'modules/uidata/',
  modality_additional_fields: 'modules/uidata/',
  additional_fields: 'modules/uidata/',
  lookups: 'modules/uidata/',
  name_prefixes: 'modules/uidata/',
  menu_items: 'modules/uidata/',
  doctor_clients: 'modules/uidata/',
  duty_doctors: 'modules/uidata/',
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !LEFT_OUT.test(path.relative(SRC, p)) ? [p] : [];
  });
}

/** Drizzle table constant → SQL table name, from db/schema. */
function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  const dir = path.join(SRC, 'db', 'schema');
  for (const f of fs.readdirSync(dir)) {
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    for (const m of text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*'([a-z_]+)'/g)) tables.set(m[1]!, m[2]!);
  }
  return tables;
}

/** Every write in the source: [table, file, the text that writes]. */
function writes(tables: Map<string, string>): [string, string, string][] {
  const names = new Set(tables.values());
  const out: [string, string, string][] = [];
  for (const file of sourceFiles(SRC)) {
    const rel = path.relative(SRC, file);
    const text = fs.readFileSync(file, 'utf8');
    // Drizzle's builder: .insert(table), .update(table), .delete(table).
    for (const m of text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const table = tables.get(m[2]!);
      if (table) out.push([table, rel, m[0]]);
    }
    // Hand-written SQL: insert into t, update t, delete from t, with the name or ${table}.
    for (const m of text.matchAll(/\b(insert\s+into|update|delete\s+from)\s+(?:\$\{(\w+)\}|"?([a-z_]+)"?)/gi)) {
      const table = m[2] ? tables.get(m[2]) : names.has(m[3]!) ? m[3]! : undefined;
      if (table) out.push([table, rel, m[0]]);
    }
  }
  return out;
}

/**
 * Files that build SQL without being a repository: the database layer itself, the data-scope conditions repositories
 * apply (auth/data-scope), and the embedded database's maintenance (VACUUM).
 */
const SQL_OUTSIDE_REPOSITORIES = /^(db\/|auth\/data-scope\/|ops\/maintenance\/)/;

describe('table ownership', () => {
  const tables = schemaTables();

  it('finds the schema and the writes it checks', () => {
    expect(tables.size).toBeGreaterThan(40);
    expect(writes(tables).some(([t, f]) => t === 'exams' && f === OWNERS.exams)).toBe(true);
  });

  it('names an owner for every table', () => {
    expect([...tables.values()].filter((t) => !(t in OWNERS))).toEqual([]);
  });

  it('lets only its owner write a table', () => {
    const strays = writes(tables)
      .filter(([table, file]) => {
        const owner = OWNERS[table]!;
        return owner.endsWith('/') ? !file.startsWith(owner) : file !== owner;
      })
      .map(([table, file, code]) => `${file} writes ${table} (${code}); its owner is ${OWNERS[table]}`);
    expect(strays).toEqual([]);
  });

  it('keeps SQL in repositories', () => {
    const builders = sourceFiles(SRC)
      .map((f) => path.relative(SRC, f))
      .filter((rel) => !rel.endsWith('.repository.ts') && !SQL_OUTSIDE_REPOSITORIES.test(rel))
      .filter((rel) => /^import \{[^}]*\} from 'drizzle-orm/m.test(fs.readFileSync(path.join(SRC, rel), 'utf8')));
    expect(builders).toEqual([]);
  });
});
