// Fills a database for the worklist bench: the demo seed (small; its users, branches, hospitals, readers and
// products), then many more patients and exams made by SQL (generate_series, deterministic hashes), so a million
// exams take minutes rather than the hours the demo planner would need.
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES } from '../../apps/server/src/seed/data/first-names';
import { SURNAMES } from '../../apps/server/src/seed/data/surnames';
import {
  dropSecondaryIndexes,
  examStatusArms,
  openWithDemoSeed,
  pick,
  rebuildIndexes,
  sqlText,
  stepLogger,
  unit,
  vacuumAfterLoad,
} from './bulk-seed';
import type { SqlClient } from './sql-client';

export interface SeedOptions {
  /** A PostgreSQL URL, or undefined for PGlite under dataDir (as the server opens it: DATA_DIR/pg). */
  databaseUrl?: string;
  dataDir: string;
  /** Exams in total (the demo's included). */
  exams: number;
  /** The bulk exams spread evenly over this many days back from now. */
  days: number;
  /** Bulk patients per bulk exam (0.2 = five exams per patient on average). */
  patientsPerExam?: number;
  /**
   * VACUUM ANALYZE after the load (default true). A PostgreSQL server's autovacuum would do it soon anyway; PGlite
   * runs no autovacuum, so a long-lived embedded database has neither statistics nor a visibility map unless the
   * application runs maintenance itself.
   */
  vacuum?: boolean;
  log: (line: string) => void;
}

export interface SeedSummary {
  exams: number;
  patients: number;
  examEvents: number;
  ms: number;
  /** An accession number of the staff user's branch, about half the span back (the exact-accession scenario). */
  sampleAccession: string;
}

const BATCH = 100_000;

/**
 * Migrates and seeds an empty database: seedDemo (default size), then bulk patients and exams up to `exams`,
 * one 'created' log line per bulk exam and an 'assigned' one where a reader is set, then VACUUM ANALYZE.
 * The secondary indexes of exams and exam_events are dropped during the bulk load and rebuilt afterwards
 * (as a restore would), from their definitions in pg_indexes, so whatever the migrations define is measured.
 */
export async function seedWorklist(opts: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  const step = stepLogger(opts.log);
  const sql = await openWithDemoSeed(opts, step, (c) => `${c.exams} exams, ${c.patients} patients, ${c.users} users`);

  try {
    const [{ n: demoExams } = { n: 0 }] = await sql.query<{ n: number }>('select count(*)::int as n from exams');
    const bulkExams = Math.max(0, opts.exams - demoExams);
    const bulkPatients = Math.max(1, Math.round(bulkExams * (opts.patientsPerExam ?? 0.2)));
    await helperTables(sql);

    const [{ nh, nf, nl, np } = { nh: 0, nf: 0, nl: 0, np: 0 }] = await sql.query<{
      nh: number;
      nf: number;
      nl: number;
      np: number;
    }>(
      `select (select count(*)::int from bench_hospitals) as nh, (select count(*)::int from bench_first) as nf,
              (select count(*)::int from bench_last) as nl, (select count(*)::int from bench_products) as np`,
    );

    // Secondary indexes off during the load, rebuilt below.
    const indexes = await dropSecondaryIndexes(sql, ['exams', 'exam_events']);

    let t = Date.now();
    for (let from = 1; from <= bulkPatients; from += BATCH) {
      const to = Math.min(bulkPatients, from + BATCH - 1);
      await sql.query(
        `insert into patients (hn, branch_id, hospital_id, prefix_th, first_name_th, last_name_th, first_name_en, last_name_en,
                               gender, birth_date, created_at, updated_at)
         select 'BP' || lpad(g::text, 7, '0'), h.branch_id, h.hospital_id,
                case when f.gender = 'Male' then 'นาย' when ${pick('g', 13, 2)} = 0 then 'นาง' else 'นางสาว' end,
                f.th, l.th, f.en, l.en, f.gender, current_date - (365 + ${pick('g', 14, 365 * 85)})::int, now(), now()
           from generate_series($1::int, $2::int) g
           join bench_hospitals h on h.k = ${pick('g', 10, nh)}
           join bench_first f on f.k = ${pick('g', 11, nf)}
           join bench_last l on l.k = ${pick('g', 12, nl)}`,
        [from, to],
      );
      opts.log(`  patients ${to.toLocaleString('en')} / ${bulkPatients.toLocaleString('en')}`);
    }
    step('bulk patients', t);

    t = Date.now();
    for (let from = 1; from <= bulkExams; from += BATCH) {
      const to = Math.min(bulkExams, from + BATCH - 1);
      await sql.query(bulkExamsSql(bulkPatients, np), [from, to, opts.days, bulkExams]);
      const rate = (to / ((Date.now() - t) / 1000)).toFixed(0);
      opts.log(`  exams ${to.toLocaleString('en')} / ${bulkExams.toLocaleString('en')} (${rate}/s)`);
    }
    step('bulk exams', t);

    t = Date.now();
    await sql.query(
      `insert into exam_events (exam_id, at, user_id, user_name, action, detail)
       select e.id, e.created_at, null, 'system', 'created', 'สร้างใบส่งตรวจ: ' || e.description
         from exams e where e.accession_number like 'BX%'`,
    );
    await sql.query(
      `insert into exam_events (exam_id, at, user_id, user_name, action, detail)
       select e.id, e.received_at + interval '5 minutes', null, 'system', 'assigned', 'มอบหมายให้ ' || u.display_name
         from exams e join users u on u.id = e.reviewer_id where e.accession_number like 'BX%'`,
    );
    step('exam log lines', t);

    await rebuildIndexes(sql, indexes, step);
    await sql.query(
      'drop table bench_hospitals, bench_first, bench_last, bench_products, bench_readers, bench_reader_n',
    );
    await vacuumAfterLoad(sql, opts.vacuum !== false, step, opts.log);

    const [counts] = await sql.query<{ exams: number; patients: number; events: number }>(
      `select (select count(*)::int from exams) as exams, (select count(*)::int from patients) as patients,
              (select count(*)::int from exam_events) as events`,
    );
    // An exam of the staff user's branch from about the middle of the span (the staff user searches for it).
    const [sample] = await sql.query<{ accession_number: string }>(
      `select e.accession_number from exams e
        where e.branch_id = (select branch_id from users where username = 'staff') and e.accession_number is not null
          and e.deleted_at is null and e.exam_date < now() - $1::int * interval '1 day'
        order by e.exam_date desc limit 1`,
      [Math.round(opts.days / 2)],
    );
    const sampleAccession = sample?.accession_number ?? '';
    return {
      exams: counts?.exams ?? 0,
      patients: counts?.patients ?? 0,
      examEvents: counts?.events ?? 0,
      ms: Date.now() - started,
      sampleAccession,
    };
  } finally {
    await sql.close();
  }
}

/**
 * Lookup tables the bulk SQL draws from, taken from the demo seed so the bulk looks like it: hospitals weighted by
 * the demo's patients, each hospital's readers weighted by the demo's assignments, products by the demo's exams,
 * and the seed's Thai names.
 */
async function helperTables(sql: SqlClient): Promise<void> {
  await sql.query('create table bench_hospitals (k int primary key, hospital_id int, branch_id int)');
  await sql.query(
    `insert into bench_hospitals
     select row_number() over () - 1, x.hospital_id, x.branch_id
       from (select hospital_id, branch_id, count(*) as n from patients where hospital_id is not null group by 1, 2) s,
            lateral (select s.hospital_id, s.branch_id from generate_series(1, greatest(1, s.n::int)) ) x`,
  );
  await sql.query(
    'create table bench_products (k int primary key, modality_code text, description text, body_part text)',
  );
  await sql.query(
    `insert into bench_products
     select row_number() over () - 1, x.modality_code, x.description, x.body_part
       from (select modality_code, description, body_part, count(*) as n from exams group by 1, 2, 3) s,
            lateral (select s.modality_code, s.description, s.body_part from generate_series(1, s.n::int)) x`,
  );
  await sql.query(
    'create table bench_readers (hospital_id int, k int, reviewer_id uuid, primary key (hospital_id, k))',
  );
  await sql.query(
    `insert into bench_readers
     select x.hospital_id, row_number() over (partition by x.hospital_id) - 1, x.reviewer_id
       from (select hospital_id, reviewer_id, count(*) as n from exams
              where reviewer_id is not null and hospital_id is not null group by 1, 2) s,
            lateral (select s.hospital_id, s.reviewer_id from generate_series(1, s.n::int)) x`,
  );
  await sql.query('create table bench_reader_n (hospital_id int primary key, n int)');
  await sql.query('insert into bench_reader_n select hospital_id, count(*) from bench_readers group by 1');
  const names = (rows: readonly (readonly [string, string])[], gender?: string) =>
    rows.map(([th, en]) => `(${sqlText(th)}, ${sqlText(en)}${gender ? `, ${sqlText(gender)}` : ''})`).join(', ');
  await sql.query('create table bench_first (k int primary key, th text, en text, gender text)');
  await sql.query(
    `insert into bench_first select row_number() over () - 1, th, en, gender
       from (values ${names(MALE_FIRST_NAMES, 'Male')}, ${names(FEMALE_FIRST_NAMES, 'Female')}) v(th, en, gender)`,
  );
  await sql.query('create table bench_last (k int primary key, th text, en text)');
  await sql.query(
    `insert into bench_last select row_number() over () - 1, th, en from (values ${names(SURNAMES)}) v(th, en)`,
  );
}

/**
 * Exams g = $1..$2 of $4: exam dates spread evenly over the last $3 days in the order of g, as a live system appends
 * them (so a date window is physically clustered, and accession numbers rise with the date); the patient (and so the hospital and branch) drawn
 * from the bulk patients; a product as the demo's mix; a reader of that hospital as the demo's assignments.
 * Older than three days: nearly all reported. Newer: the workflow still running (Arrived, Assigned, Accepted,
 * Completed, a few Rejected). Hospitals without readers stay Arrived.
 */
function bulkExamsSql(patients: number, products: number): string {
  return `
    insert into exams (patient_id, branch_id, hospital_id, accession_number, modality_code, description, body_part,
      exam_date, received_at, expected_at, status, hn, prefix_name, first_name, last_name, birth_date, gender,
      reviewer_id, latest_reporter_id, report_urgency, is_read, has_image, study_instance_uid, dicom_patient_id,
      study_date, study_time, created_at, updated_at)
    select p.id, p.branch_id, p.hospital_id, 'BX' || lpad(x.g::text, 8, '0'), pr.modality_code, pr.description, pr.body_part,
      x.exam_date, x.exam_date + interval '12 minutes',
      case when s.status in ('Assigned', 'Accepted') then x.exam_date + interval '1 day' end,
      s.status, p.hn, p.prefix_th, p.first_name_th, p.last_name_th, p.birth_date, p.gender,
      case when s.status <> 'Arrived' then rd.reviewer_id end,
      case when s.status = 'Completed' then rd.reviewer_id end,
      'NotSpecified', s.status = 'Completed' and x.r < 0.5, true,
      '1.2.826.0.1.3680043.10.543.' || x.g, p.hn,
      to_char(x.exam_date at time zone 'Asia/Bangkok', 'YYYYMMDD'), to_char(x.exam_date at time zone 'Asia/Bangkok', 'HH24MISS'),
      x.exam_date - interval '30 minutes', x.exam_date + interval '1 hour'
    from (
      select g, now() - (($4::int - g + ${unit('g', 20)}) / $4::int) * ($3::int * interval '1 day') as exam_date, ${unit('g', 23)} as r,
             'BP' || lpad((1 + ${pick('g', 21, patients)})::text, 7, '0') as hn, ${pick('g', 22, products)} as product
        from generate_series($1::int, $2::int) g
    ) x
    join patients p on p.hn = x.hn
    join bench_products pr on pr.k = x.product
    left join bench_reader_n rn on rn.hospital_id = p.hospital_id
    left join bench_readers rd on rd.hospital_id = p.hospital_id and rd.k = ${pick('x.g', 24, 'rn.n')}
    cross join lateral (
      select case ${examStatusArms('x.exam_date', 'x.r', 'rd.reviewer_id')} end as status
    ) s
    order by x.g`;
}
