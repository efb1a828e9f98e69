// The patient bench's scenarios (what the patient search screen sends to POST /api/patient/search), the answer each
// must give (checked against the table itself), and the first, checked call of each.
import type { PatientSearch, PatientSearchRow } from '@rangsi/contract';
import { postSearch } from './search-call';
import { likeEscape, type SqlClient } from './sql-client';

export type PatientBenchUser = 'staff' | 'admin' | 'hospital';
export type SearchKind = 'name' | 'hn' | 'phone' | 'national';

export interface PatientScenario {
  id: string;
  title: string;
  user: PatientBenchUser;
  kind: SearchKind;
  /** What is typed into the one field the scenario fills. */
  term: string;
  body: PatientSearch;
  /** Counted against the budget (the three kinds and the national number); false for the stress case. */
  budgeted: boolean;
  /** Concurrent clients it is measured with. */
  connections: readonly number[];
}

export interface ScenarioTerms {
  givenPiece: string;
  family: string;
  english: string;
  broad: string;
  phonePrefix: string;
}

export interface Samples {
  hn: string;
  nationalNumber: string;
}

/** The same API limit as PATIENT_SEARCH_LIMIT in the repository: the screen shows at most this many rows. */
export const SEARCH_LIMIT = 100;

export function patientScenarios(t: ScenarioTerms, s: Samples): PatientScenario[] {
  const both = [1, 16] as const;
  const name = (id: string, title: string, user: PatientBenchUser, term: string, budgeted = true): PatientScenario =>
    // The stress case takes seconds a search: 16 of them at once would only queue on the 2 cores.
    ({ id, title, user, kind: 'name', term, body: { name: term }, budgeted, connections: budgeted ? both : [1] });
  return [
    name('given-staff', `Thai given-name piece "${t.givenPiece}" (staff, one branch)`, 'staff', t.givenPiece),
    name('given-admin', `Thai given-name piece "${t.givenPiece}" (admin, all branches)`, 'admin', t.givenPiece),
    name('family-staff', `Thai family name "${t.family}" (staff)`, 'staff', t.family),
    name('english-staff', `English name "${t.english}" (staff)`, 'staff', t.english),
    name(
      'given-hospital',
      `Thai given-name piece "${t.givenPiece}" (hospital user, one hospital)`,
      'hospital',
      t.givenPiece,
    ),
    {
      id: 'hn',
      title: 'HN exact (staff)',
      user: 'staff',
      kind: 'hn',
      term: s.hn,
      body: { hn: s.hn },
      budgeted: true,
      connections: both,
    },
    {
      id: 'phone',
      title: `phone prefix "${t.phonePrefix}" (staff)`,
      user: 'staff',
      kind: 'phone',
      term: t.phonePrefix,
      body: { phoneNumber: t.phonePrefix },
      budgeted: true,
      connections: both,
    },
    {
      id: 'national',
      title: 'national number exact (staff)',
      user: 'staff',
      kind: 'national',
      term: s.nationalNumber,
      body: { nationalNumber: s.nationalNumber },
      budgeted: true,
      connections: both,
    },
    name('broad-admin', `broad piece "${t.broad}" (admin; stress case, no budget)`, 'admin', t.broad, false),
  ];
}

const scopeSql: Record<PatientBenchUser, string> = {
  admin: 'true',
  staff: "p.branch_id = (select branch_id from users where username = 'staff')",
  hospital: "p.hospital_id = (select hospital_id from users where username = 'hospital')",
};

/**
 * How many patients each scenario should find, counted with plain SQL over the table (not the server's code): the
 * user's scope, not deleted, and the field's own rule (substring of the lower-cased Thai + English name, digits
 * prefix of the phone, equality for HN and national number).
 */
export async function expectedCounts(sql: SqlClient, list: PatientScenario[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const s of list) {
    const cond =
      s.kind === 'name'
        ? 'p.search_name like $1'
        : s.kind === 'phone'
          ? 'p.phone_number like $1'
          : s.kind === 'hn'
            ? 'p.hn = $1'
            : 'p.national_number = $1';
    const value =
      s.kind === 'name'
        ? `%${likeEscape(s.term.toLowerCase())}%`
        : s.kind === 'phone'
          ? `${likeEscape(s.term)}%`
          : s.term;
    const [row] = await sql.query<{ n: number }>(
      `select count(*)::int as n from patients p where p.deleted_at is null and ${scopeSql[s.user]} and ${cond}`,
      [value],
    );
    out.set(s.id, row?.n ?? 0);
  }
  return out;
}

/** An HN and a national number of a bulk patient of the staff user's branch, from the middle of the table. */
export async function pickSamples(sql: SqlClient, patients: number): Promise<Samples> {
  const [row] = await sql.query<{ hn: string; national_number: string }>(
    `select p.hn, p.national_number from patients p
      where p.hn >= $1 and p.hn like 'HN________' and p.national_number is not null and ${scopeSql.staff}
      order by p.hn limit 1`,
    [`HN${String(Math.floor(patients / 2)).padStart(8, '0')}`],
  );
  if (!row) throw new Error('no bulk patient of the staff branch to look up by HN');
  return { hn: row.hn, nationalNumber: row.national_number };
}

export interface PatientCheck {
  rows: number;
  /** Patients the scenario matches in the table (the API returns at most SEARCH_LIMIT of them). */
  expected: number;
  bytes: number;
  ms: number;
}

/**
 * One search, checked: 200 and success; as many rows as the table holds (up to the limit), at least one; and every
 * row really matching: the name (Thai or English) contains the term, the HN is the one asked for, the phone starts
 * with the digits, the national number is the one asked for (masked in lists: its first 8 digits and xxxxx).
 */
export async function searchPatientsOnce(
  baseUrl: string,
  cookie: string,
  s: PatientScenario,
  expected: number,
): Promise<PatientCheck> {
  const { status, text, ms, envelope } = await postSearch(baseUrl, '/api/patient/search', cookie, s.body);
  const rows =
    envelope?.success === true && Array.isArray(envelope.data) ? (envelope.data as PatientSearchRow[]) : undefined;
  const what = `${s.id} ${JSON.stringify(s.body)}`;
  if (status !== 200 || !rows) throw new Error(`${what} answered ${status}: ${text.slice(0, 300)}`);
  if (rows.length === 0) throw new Error(`${what}: no patients (the table has ${expected})`);
  if (rows.length !== Math.min(expected, SEARCH_LIMIT)) {
    throw new Error(
      `${what}: ${rows.length} rows, but the table has ${expected} matching patients (limit ${SEARCH_LIMIT})`,
    );
  }
  const term = s.term.toLowerCase();
  const wrong = rows.find((r) => {
    switch (s.kind) {
      case 'name':
        return !`${r.name} ${r.nameEn}`.toLowerCase().includes(term);
      case 'hn':
        return r.hn !== s.term;
      case 'phone':
        return !(r.phoneNumber ?? '').startsWith(s.term);
      case 'national':
        return r.nationalNumber !== `${s.term.slice(0, -5)}xxxxx`;
    }
  });
  if (wrong) throw new Error(`${what}: a row that does not match: ${JSON.stringify(wrong)}`);
  return { rows: rows.length, expected, bytes: Buffer.byteLength(text), ms };
}
