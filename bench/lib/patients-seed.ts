// Fills a database for the patient bench: the demo seed (its users, branches, hospitals and 300 patients), then
// many more patients made by SQL (generate_series, deterministic hashes), so a million take a minute or two.
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, type NamePair } from '../../apps/server/src/seed/data/first-names';
import { SURNAMES } from '../../apps/server/src/seed/data/surnames';
import {
  dropSecondaryIndexes,
  openWithDemoSeed,
  pick,
  rebuildIndexes,
  sqlText,
  stepLogger,
  unit,
  vacuumAfterLoad,
} from './bulk-seed';
import { FAMILY_PARTS, GIVEN_HEADS, GIVEN_TAILS } from './patients-names';
import type { SqlClient } from './sql-client';

export interface PatientSeedOptions {
  /** A PostgreSQL URL, or undefined for PGlite under dataDir (as the server opens it: DATA_DIR/pg). */
  databaseUrl?: string;
  dataDir: string;
  /** Patients in total (the demo's included). */
  patients: number;
  /** VACUUM ANALYZE after the load (default true; PGlite runs no autovacuum, so it is measured without first). */
  vacuum?: boolean;
  log: (line: string) => void;
}

export interface PatientSeedSummary {
  patients: number;
  /** Distinct Thai given names and family names in the table. */
  givenNames: number;
  familyNames: number;
  /** Table size with its TOAST, and the size of each of its indexes. */
  tableBytes: number;
  indexBytes: Record<string, number>;
  ms: number;
}

const BATCH = 100_000;
/** The Thai national ID check digit of the 12 digits in `n` (sum of digit × (13 − position), 11 − sum mod 11, mod 10). */
const checkDigit = (n: string) =>
  `((11 - (${Array.from({ length: 12 }, (_, i) => `substr(${n}, ${i + 1}, 1)::int * ${13 - i}`).join(' + ')}) % 11) % 10)`;

/**
 * Migrates and seeds an empty database: seedDemo (default size), then bulk patients up to `patients`, with the
 * patients table's secondary indexes dropped during the load and rebuilt afterwards from their definitions in
 * pg_indexes (so whatever the migrations define is measured), then VACUUM ANALYZE.
 */
export async function seedPatients(opts: PatientSeedOptions): Promise<PatientSeedSummary> {
  const started = Date.now();
  const step = stepLogger(opts.log);
  const sql = await openWithDemoSeed(opts, step, (c) => `${c.patients} patients, ${c.exams} exams, ${c.users} users`);

  try {
    const [{ n: demoPatients } = { n: 0 }] = await sql.query<{ n: number }>('select count(*)::int as n from patients');
    const bulk = Math.max(0, opts.patients - demoPatients);
    const sizes = await helperTables(sql);

    const indexes = await dropSecondaryIndexes(sql, ['patients']);

    const t = Date.now();
    for (let from = 1; from <= bulk; from += BATCH) {
      const to = Math.min(bulk, from + BATCH - 1);
      await sql.query(bulkPatientsSql(sizes), [from, to]);
      const rate = (to / ((Date.now() - t) / 1000)).toFixed(0);
      opts.log(`  patients ${to.toLocaleString('en')} / ${bulk.toLocaleString('en')} (${rate}/s)`);
    }
    step('bulk patients', t);

    await rebuildIndexes(sql, indexes, step);
    await sql.query(
      'drop table bench_p_hosp, bench_p_male, bench_p_female, bench_p_head, bench_p_tail, bench_p_sur, bench_p_part, bench_p_demo',
    );
    await vacuumAfterLoad(sql, opts.vacuum !== false, step, opts.log);

    const [counts] = await sql.query<{ patients: number; given: number; family: number; table_bytes: string }>(
      `select count(*)::int as patients, count(distinct first_name_th)::int as given, count(distinct last_name_th)::int as family,
              pg_table_size('patients')::text as table_bytes from patients`,
    );
    const ix = await sql.query<{ name: string; bytes: string }>(
      `select indexrelid::regclass::text as name, pg_relation_size(indexrelid)::text as bytes
         from pg_index where indrelid = 'patients'::regclass order by 1`,
    );
    return {
      patients: counts?.patients ?? 0,
      givenNames: counts?.given ?? 0,
      familyNames: counts?.family ?? 0,
      tableBytes: Number(counts?.table_bytes ?? 0),
      indexBytes: Object.fromEntries(ix.map((r) => [r.name, Number(r.bytes)])),
      ms: Date.now() - started,
    };
  } finally {
    await sql.close();
  }
}

interface HelperSizes {
  hosp: number;
  male: number;
  female: number;
  head: number;
  tail: number;
  sur: number;
  part: number;
  demo: number;
}

/**
 * Lookup tables the bulk SQL draws from: hospitals (and so branches) weighted by the demo's patients; the seed's
 * given and family names; the compound parts; and the demo's Thai patients' addresses, contacts and work places
 * (so a bulk row is as wide as a real one, which decides how many pages a search reads).
 */
async function helperTables(sql: SqlClient): Promise<HelperSizes> {
  await sql.query('create table bench_p_hosp (k int primary key, hospital_id int, branch_id int)');
  await sql.query(
    `insert into bench_p_hosp
     select row_number() over () - 1, x.hospital_id, x.branch_id
       from (select hospital_id, branch_id, count(*) as n from patients where hospital_id is not null group by 1, 2) s,
            lateral (select s.hospital_id, s.branch_id from generate_series(1, s.n::int)) x`,
  );
  const names = async (table: string, rows: readonly NamePair[]) => {
    await sql.query(`create table ${table} (k int primary key, th text, en text)`);
    await sql.query(`insert into ${table} select row_number() over () - 1, th, en
                       from (values ${rows.map(([th, en]) => `(${sqlText(th)}, ${sqlText(en)})`).join(', ')}) v(th, en)`);
  };
  await names('bench_p_male', MALE_FIRST_NAMES);
  await names('bench_p_female', FEMALE_FIRST_NAMES);
  await names('bench_p_head', GIVEN_HEADS);
  await names('bench_p_tail', GIVEN_TAILS);
  await names('bench_p_sur', SURNAMES);
  await names('bench_p_part', FAMILY_PARTS);
  await sql.query(
    `create table bench_p_demo as
     select (row_number() over (order by id) - 1)::int as k, current_address, record_address, current_and_record_address_is_same,
            emergency_contact, work_place, blood_group, religion, occupation, has_allergy, allergies
       from patients where nationality = 'ไทย'`,
  );
  await sql.query('alter table bench_p_demo add primary key (k)');
  const [n] = await sql.query<HelperSizes>(
    `select (select count(*)::int from bench_p_hosp) as hosp, (select count(*)::int from bench_p_male) as male,
            (select count(*)::int from bench_p_female) as female, (select count(*)::int from bench_p_head) as head,
            (select count(*)::int from bench_p_tail) as tail, (select count(*)::int from bench_p_sur) as sur,
            (select count(*)::int from bench_p_part) as part, (select count(*)::int from bench_p_demo) as demo`,
  );
  if (!n || Object.values(n).some((v) => v === 0)) throw new Error(`a lookup table is empty: ${JSON.stringify(n)}`);
  return n;
}

/**
 * Patients g = $1..$2. Women 52 %; ages as the demo (10 % children, 25 % 15–39, 40 % 40–64, 25 % 65–95) with the
 * usual prefixes. Given names: 55 % the seed's common names (by gender), 45 % head + tail compounds (40 × 40). Family
 * names: 25 % the seed's, 45 % two parts, 30 % three parts of 70 (4,900 and 343,000 combinations). English names are the
 * parts' spellings joined. HN `HN` + 8 digits in insertion order; a Thai mobile number (08/09/06 as 6:3:2, then 8
 * digits) for 90 % of adults and half the children under 12; a unique 13-digit national ID with its check digit for
 * 97 % (first digit 1 when born from 1984, else 3). Addresses, contacts and work places copied from a demo patient.
 */
function bulkPatientsSql(n: HelperSizes): string {
  return `
    insert into patients (hn, branch_id, hospital_id, national_number, phone_number, prefix_th, first_name_th, last_name_th,
      prefix_en, first_name_en, last_name_en, gender, birth_date, blood_group, nationality, race, religion, occupation,
      has_allergy, allergies, current_address, record_address, current_and_record_address_is_same, emergency_contact,
      work_place, created_at, updated_at)
    select 'HN' || lpad(x.g::text, 8, '0'), h.branch_id, h.hospital_id,
      case when x.has_id then nn.n || ${checkDigit('nn.n')} end,
      case when x.years >= 12 and x.r_phone < 0.90 or x.years < 12 and x.r_phone < 0.5 then
        case when x.r_mobile < 6 / 11.0 then '08' when x.r_mobile < 9 / 11.0 then '09' else '06' end
          || lpad(${pick('x.g', 20, 100_000_000)}::text, 8, '0') end,
      pf.th, gn.th, fn.th, pf.en, gn.en, fn.en,
      case when x.female then 'Female' else 'Male' end, x.born,
      d.blood_group, 'ไทย', 'ไทย', d.religion, d.occupation, d.has_allergy, d.allergies, d.current_address, d.record_address,
      d.current_and_record_address_is_same, d.emergency_contact, d.work_place, x.created_at, x.created_at
    from (
      select g, ${unit('g', 1)} < 0.52 as female, ${unit('g', 2)} < 0.97 as has_id, ${unit('g', 3)} as r_phone,
             ${unit('g', 4)} as r_mobile, ${unit('g', 5)} as r_given, ${unit('g', 6)} as r_family, ${unit('g', 7)} as r_prefix,
             a.years, (current_date - (a.years * 365.25 + 1 + ${pick('g', 9, 360)})::int) as born,
             now() - (${pick('g', 10, 3650 * 24)} * interval '1 hour') as created_at
        from generate_series($1::int, $2::int) g,
             lateral (select case when r < 0.10 then 1 + (r / 0.10 * 14)::int % 14
                                  when r < 0.35 then 15 + ((r - 0.10) / 0.25 * 25)::int % 25
                                  when r < 0.75 then 40 + ((r - 0.35) / 0.40 * 25)::int % 25
                                  else 65 + ((r - 0.75) / 0.25 * 31)::int % 31 end as years
                        from (select ${unit('g', 8)} as r) u) a
    ) x
    join bench_p_hosp h on h.k = ${pick('x.g', 11, n.hosp)}
    join bench_p_male m on m.k = ${pick('x.g', 12, n.male)}
    join bench_p_female f on f.k = ${pick('x.g', 13, n.female)}
    join bench_p_head gh on gh.k = ${pick('x.g', 14, n.head)}
    join bench_p_tail gt on gt.k = ${pick('x.g', 15, n.tail)}
    join bench_p_sur s on s.k = ${pick('x.g', 16, n.sur)}
    join bench_p_part p1 on p1.k = ${pick('x.g', 17, n.part)}
    join bench_p_part p2 on p2.k = ${pick('x.g', 18, n.part)}
    join bench_p_part p3 on p3.k = ${pick('x.g', 19, n.part)}
    join bench_p_demo d on d.k = ${pick('x.g', 21, n.demo)}
    cross join lateral (
      select case when x.years < 15 then case when x.female then 'ด.ญ.' else 'ด.ช.' end
                  when not x.female then 'นาย' when x.years >= 25 and x.r_prefix < 0.65 then 'นาง' else 'นางสาว' end as th,
             case when x.years < 15 then case when x.female then 'Miss' else 'Master' end
                  when not x.female then 'Mr.' when x.years >= 25 and x.r_prefix < 0.65 then 'Mrs.' else 'Miss' end as en
    ) pf
    cross join lateral (
      select case when x.r_given < 0.55 then case when x.female then f.th else m.th end else gh.th || gt.th end as th,
             case when x.r_given < 0.55 then case when x.female then f.en else m.en end else gh.en || gt.en end as en
    ) gn
    cross join lateral (
      select case when x.r_family < 0.25 then s.th when x.r_family < 0.70 then p1.th || p2.th else p1.th || p2.th || p3.th end as th,
             case when x.r_family < 0.25 then s.en when x.r_family < 0.70 then p1.en || lower(p2.en)
                  else p1.en || lower(p2.en) || lower(p3.en) end as en
    ) fn
    cross join lateral (
      select case when extract(year from x.born) >= 1984 then '1' else '3' end
             || lpad(((x.g::bigint * 3141592653 + 104729) % 100000000000)::text, 11, '0') as n
    ) nn
    order by x.g`;
}
