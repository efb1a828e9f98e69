// Fills a PostgreSQL database for the request bench: migrations, the demo seed and bulk patients with Thai names
// (seedPatients, the patient bench's seed), then a million imaging requests made by SQL (generate_series and
// deterministic hashes) with what the request list reads for each row: their exams, priced product lines, custom
// prices (some pending, the request on Hold), request documents, scanned exam documents, finished reports and
// billing (billing-seed.ts). The mixes are the demo seed's (modality combinations, products, hospitals, readers) so the
// bulk looks like it.
import {
  dropSecondaryIndexes,
  examStatusArms,
  pick,
  rebuildIndexes,
  stepLogger,
  unit,
  uuid4,
  vacuumAfterLoad,
} from './bulk-seed';
import { type BillingSeedOptions, seedBilling } from './billing-seed';
import { seedPatients } from './patients-seed';
import { pgClient, type SqlClient } from './sql-client';

export interface RequestSeedOptions {
  databaseUrl: string;
  /** Unused by PostgreSQL; seedPatients takes it. */
  dataDir: string;
  /** Requests in total (the demo's included). */
  requests: number;
  /** Patients in total (the demo's included); the bulk requests are drawn from the bulk patients. */
  patients: number;
  /** Appointments spread evenly over this many Bangkok days back from today … */
  days: number;
  /** … and this many days ahead (scheduled appointments). */
  aheadDays: number;
  /** How the bulk requests are billed (seedBilling); monthly per hospital by default. */
  billing?: BillingSeedOptions;
  log: (line: string) => void;
}

export interface RequestSeedSummary {
  requests: number;
  exams: number;
  patients: number;
  lines: number;
  customPrices: number;
  documents: number;
  reports: number;
  billed: number;
  /** Table plus its indexes, for the report. */
  requestsBytes: number;
  ms: number;
}

const BATCH = 200_000;
const BKK = "'Asia/Bangkok'";
/** The tables the bulk load writes; their secondary indexes are dropped during it and rebuilt afterwards. */
const TABLES = [
  'requests',
  'request_products',
  'custom_prices',
  'exams',
  'documents',
  'finished_reports',
  'billings',
  'billing_requests',
  'receipts',
  'receipt_lines',
];

/**
 * Migrates and seeds an empty PostgreSQL database (seedPatients: demo seed and bulk patients), then bulk requests up
 * to `requests`. Foreign-key triggers are off during the load (session_replication_role = replica; the rows are
 * consistent by construction) and the secondary indexes of the tables it writes are dropped and rebuilt afterwards
 * from pg_indexes, so whatever the migrations define is measured. Ends with VACUUM ANALYZE.
 */
export async function seedRequests(opts: RequestSeedOptions): Promise<RequestSeedSummary> {
  const started = Date.now();
  const step = stepLogger(opts.log);
  const patientsSeed = await seedPatients({
    databaseUrl: opts.databaseUrl,
    dataDir: opts.dataDir,
    patients: opts.patients,
    vacuum: false,
    log: opts.log,
  });
  const sql = await pgClient(opts.databaseUrl);
  try {
    await sql.query("set maintenance_work_mem = '512MB'");
    await sql.query("set work_mem = '256MB'");
    // Compiling these large statements took longer than running a batch of them.
    await sql.query('set jit = off');
    const [{ n: demoRequests } = { n: 0 }] = await sql.query<{ n: number }>('select count(*)::int as n from requests');
    const bulk = Math.max(0, opts.requests - demoRequests);
    const bulkPatients = await sql.query<{ n: number }>(
      "select count(*)::int as n from patients where hn like 'HN________'",
    );
    const nPatients = bulkPatients[0]?.n ?? 0;
    if (nPatients === 0) throw new Error('no bulk patients to order for');
    const n = await helperTables(sql);

    const indexes = await dropSecondaryIndexes(sql, TABLES);
    await sql.query('set session_replication_role = replica');

    let t = Date.now();
    await sql.query(`create unlogged table bench_rq (
      g int primary key, id uuid, patient_id uuid, branch_id int, hospital_id int, appointment_at timestamptz, created_at timestamptz,
      scheduled boolean, deleted boolean, custom boolean, pending boolean, contrast boolean, mods text[], u float8)`);
    for (let from = 1; from <= bulk; from += BATCH) {
      const to = Math.min(bulk, from + BATCH - 1);
      await sql.query(drawSql(n, nPatients), [from, to, bulk, opts.days, opts.aheadDays]);
      await sql.query(requestsSql(n), [from, to]);
      opts.log(
        `  requests ${to.toLocaleString('en')} / ${bulk.toLocaleString('en')} (${(to / ((Date.now() - t) / 1000)).toFixed(0)}/s)`,
      );
    }
    await sql.query('analyze bench_rq');
    step('bulk requests', t);

    t = Date.now();
    for (let from = 1; from <= bulk; from += BATCH) {
      const to = Math.min(bulk, from + BATCH - 1);
      await sql.query(linesSql(), [from, to]);
      await sql.query(examsSql(), [from, to]);
      opts.log(`  lines and exams of requests ${to.toLocaleString('en')} / ${bulk.toLocaleString('en')}`);
    }
    step('product lines and exams', t);

    // The triggers that keep requests.total_satang (migration 0017) are off in replica mode: the totals are set here.
    t = Date.now();
    await sql.query(`update requests r set total_satang = t.total
      from (select request_id, sum(unit_price_satang::bigint * quantity) as total from request_products group by request_id) t
      where t.request_id = r.id and r.total_satang <> t.total`);
    step('request totals', t);

    t = Date.now();
    await sql.query(customPricesSql());
    await sql.query(documentsSql());
    step('custom prices and documents', t);
    t = Date.now();
    await sql.query(`insert into finished_reports (exam_id, report_name, version_no, kind, content, pdf_key, reporter_id, reporter_name, created_at)
      select e.id, 'Report', 1, 'final', jsonb_build_object('impression', 'No acute abnormality.'), 'bench/reports/' || e.id || '.pdf',
             e.reviewer_id, coalesce(u.display_name, 'Radiologist'), e.exam_date + interval '5 hours'
        from exams e join bench_rq r on r.id = e.request_id left join users u on u.id = e.reviewer_id
       where e.status = 'Completed'`);
    step('finished reports', t);
    t = Date.now();
    await seedBilling(sql, opts.billing);
    step('billing', t);

    await sql.query('set session_replication_role = origin');
    await rebuildIndexes(sql, indexes, step);
    await sql.query(
      'drop table bench_rq, bench_rq_mods, bench_rq_exam_products, bench_rq_extra, bench_rq_priv, bench_rq_hdoc, bench_rq_readers, bench_rq_hosp_n, bench_rq_staff',
    );
    await vacuumAfterLoad(sql, true, step, opts.log);

    const [c] = await sql.query<Omit<RequestSeedSummary, 'ms' | 'patients'> & { requests_bytes: string }>(
      `select (select count(*)::int from requests) as requests, (select count(*)::int from exams) as exams,
              (select count(*)::int from request_products) as lines, (select count(*)::int from custom_prices) as "customPrices",
              (select count(*)::int from documents) as documents, (select count(*)::int from finished_reports) as reports,
              (select count(distinct request_id)::int from billing_requests) as billed,
              pg_total_relation_size('requests')::text as requests_bytes`,
    );
    return {
      requests: c?.requests ?? 0,
      exams: c?.exams ?? 0,
      patients: patientsSeed.patients,
      lines: c?.lines ?? 0,
      customPrices: c?.customPrices ?? 0,
      documents: c?.documents ?? 0,
      reports: c?.reports ?? 0,
      billed: c?.billed ?? 0,
      requestsBytes: Number(c?.requests_bytes ?? 0),
      ms: Date.now() - started,
    };
  } finally {
    await sql.close();
  }
}

interface HelperSizes {
  mods: number;
  staffAdmin: string;
  cash: number;
  transfer: number;
}

/**
 * Lookup tables drawn from the demo seed: the modality combinations of its requests (weighted), each modality's exam
 * products as ordered, its contrast (เวชภัณฑ์) and FILM products; privileges, sending doctors and readers per hospital;
 * the staff user of each branch (who creates the branch's requests).
 */
async function helperTables(sql: SqlClient): Promise<HelperSizes> {
  await sql.query('create unlogged table bench_rq_mods (k int primary key, mods text[])');
  await sql.query(
    `insert into bench_rq_mods select row_number() over () - 1, x.mods
       from (select m, count(*)::int as n from (select array_agg(modality_code order by modality_code) as m from exams
                                                 where request_id is not null group by request_id) r group by m) s,
            lateral (select s.m as mods from generate_series(1, s.n)) x`,
  );
  await sql.query(
    'create unlogged table bench_rq_exam_products (modality_code text, k int, product_id int, price int, n int, primary key (modality_code, k))',
  );
  await sql.query(
    `insert into bench_rq_exam_products
     select x.modality_code, row_number() over (partition by x.modality_code) - 1, x.id, x.price, count(*) over (partition by x.modality_code)
       from (select p.modality_code, p.id, p.default_price_satang as price, count(rp.request_id)::int + 1 as n
               from products p left join request_products rp on rp.product_id = p.id
              where p.product_group = 'ตรวจ' and p.is_active group by 1, 2, 3) s,
            lateral (select s.modality_code, s.id, s.price from generate_series(1, s.n)) x`,
  );
  await sql.query(
    'create unlogged table bench_rq_extra (modality_code text, kind text, product_id int, price int, primary key (modality_code, kind))',
  );
  await sql.query(
    `insert into bench_rq_extra
     select distinct on (modality_code, kind) modality_code, case when product_group = 'FILM' then 'film' else 'contrast' end as kind,
            id, default_price_satang
       from products where product_group in ('FILM', 'เวชภัณฑ์') and is_active order by modality_code, kind, id`,
  );
  await sql.query('create unlogged table bench_rq_priv (hospital_id int, k int, id int, primary key (hospital_id, k))');
  await sql.query(`insert into bench_rq_priv select hospital_id, row_number() over (partition by hospital_id order by id) - 1, id
                     from hospital_privileges where is_active`);
  await sql.query('create unlogged table bench_rq_hdoc (hospital_id int, k int, id int, primary key (hospital_id, k))');
  await sql.query(`insert into bench_rq_hdoc select hospital_id, row_number() over (partition by hospital_id order by id) - 1, id
                     from hospital_doctors`);
  await sql.query(
    'create unlogged table bench_rq_readers (hospital_id int, k int, reviewer_id uuid, primary key (hospital_id, k))',
  );
  await sql.query(
    `insert into bench_rq_readers
     select x.hospital_id, row_number() over (partition by x.hospital_id) - 1, x.reviewer_id
       from (select hospital_id, reviewer_id, count(*)::int as n from exams
              where reviewer_id is not null and hospital_id is not null group by 1, 2) s,
            lateral (select s.hospital_id, s.reviewer_id from generate_series(1, s.n)) x`,
  );
  // How many of each per hospital, so a draw is one equality join.
  await sql.query(`create unlogged table bench_rq_hosp_n as
    select h.id as hospital_id, (select count(*)::int from bench_rq_hdoc d where d.hospital_id = h.id) as doctors,
           (select count(*)::int from bench_rq_readers r where r.hospital_id = h.id) as readers
      from hospitals h`);
  await sql.query('create unlogged table bench_rq_staff (branch_id int primary key, user_id uuid)');
  await sql.query(`insert into bench_rq_staff select distinct on (branch_id) branch_id, id from users
                    where role_name = 'Staff' and branch_id is not null order by branch_id, username`);
  const [s] = await sql.query<{ mods: number; admin: string; cash: number; transfer: number }>(
    `select (select count(*)::int from bench_rq_mods) as mods, (select id::text from users where username = 'admin') as admin,
            (select id from lookups where kind = 'paymentMethod' and code = 'CASH') as cash,
            (select id from lookups where kind = 'paymentMethod' and code = 'TRANSFER') as transfer`,
  );
  if (!s || s.mods === 0) throw new Error('the demo seed has no requests to copy the modality mix from');
  return { mods: s.mods, staffAdmin: s.admin, cash: s.cash, transfer: s.transfer };
}

/**
 * The draw of requests g = $1..$2 of $3: appointments spread evenly over the Bangkok days from today − $4 to
 * today + $5 in the order of g (as a live system appends them), 07:00–19:00 Bangkok time; a bulk patient (and so
 * their hospital and branch); the modality combination; 30 % booked ahead (created up to 14 days before), the rest
 * walk-ins; 2 % deleted; 3 % with a custom price, pending (request on Hold) for a third of those of the last 14 days;
 * contrast for 35 % of those with CT or MR.
 */
function drawSql(n: HelperSizes, patients: number): string {
  return `
    insert into bench_rq
    select x.g, ${uuid4("'rangsi-bench-request-' || x.g")}, p.id, p.branch_id, p.hospital_id, x.at,
           case when x.u1 < 0.3 then x.at - (x.u2 * 14 * interval '1 day') - interval '1 hour' else x.at - interval '10 minutes' end,
           x.u1 < 0.3, x.u3 < 0.02, x.u4 < 0.03, x.u4 < 0.01 and x.at > now() - interval '14 days',
           (m.mods && array['CT', 'MR']) and x.u5 < 0.35, m.mods, x.u6
      from (
        select g,
               (((now() at time zone ${BKK})::date - $4::int + ((g - 1)::bigint * ($4::int + $5::int + 1) / $3::int)::int)
                 + time '07:00' + (((g - 1)::bigint * ($4::int + $5::int + 1) % $3::int)::float8 / $3::int) * interval '12 hours')
                 at time zone ${BKK} as at,
               ${unit('g', 41)} as u1, ${unit('g', 42)} as u2, ${unit('g', 43)} as u3, ${unit('g', 44)} as u4,
               ${unit('g', 45)} as u5, ${unit('g', 46)} as u6,
               'HN' || lpad((1 + ${pick('g', 40, patients)})::text, 8, '0') as hn
          from generate_series($1::int, $2::int) g
      ) x
      join patients p on p.hn = x.hn
      join bench_rq_mods m on m.k = ${pick('x.g', 47, n.mods)}
     order by x.g`;
}

function requestsSql(n: HelperSizes): string {
  return `
    insert into requests (id, patient_id, branch_id, hospital_id, privilege_id, appointment_at, is_schedule, exam_start_time,
      exam_end_time, payment_method_id, hospital_doctor_id, allergies, additional_fields, status, status_remark, created_by,
      created_at, updated_at, deleted_at, deleted_by, delete_reason)
    select r.id, r.patient_id, r.branch_id, r.hospital_id, pv.id, r.appointment_at, r.scheduled,
           case when r.u < 0.8 then to_char(t5.at at time zone ${BKK}, 'HH24:MI') end,
           case when r.u < 0.8 then to_char((t5.at + interval '30 minutes') at time zone ${BKK}, 'HH24:MI') end,
           case when r.u < 0.6 then ${n.cash} else ${n.transfer} end,
           case when r.u < 0.7 then hd.id end, '[]'::jsonb, '{}'::jsonb,
           case when r.pending then 'Hold' else 'Active' end, case when r.pending then 'รออนุมัติราคาพิเศษ' end,
           coalesce(st.user_id, '${n.staffAdmin}'::uuid), r.created_at, r.created_at,
           case when r.deleted then r.created_at + interval '1 hour' end,
           case when r.deleted then coalesce(st.user_id, '${n.staffAdmin}'::uuid) end,
           case when r.deleted then 'ผู้ป่วยยกเลิกนัด' end
      from bench_rq r
      cross join lateral (select date_trunc('hour', r.appointment_at) + (extract(minute from r.appointment_at)::int / 5 * 5) * interval '1 minute' as at) t5
      left join bench_rq_priv pv on pv.hospital_id = r.hospital_id and pv.k = ${pick('r.g', 48, 2)}
      left join bench_rq_hosp_n hn on hn.hospital_id = r.hospital_id
      left join bench_rq_hdoc hd on hd.hospital_id = r.hospital_id and hd.k = ${pick('r.g', 49, 'greatest(hn.doctors, 1)')}
      left join bench_rq_staff st on st.branch_id = r.branch_id
     where r.g between $1 and $2
     order by r.g`;
}

/** One exam product per modality (the demo's mix); the contrast product on the first of CT/MR when contrast; FILM for 30 %. */
function linesSql(): string {
  return `
    insert into request_products (request_id, product_id, quantity, dose, unit_price_satang)
    select r.id, ep.product_id, 1, null, ep.price
      from bench_rq r cross join lateral unnest(r.mods) with ordinality m(code, i)
      join bench_rq_exam_products ep on ep.modality_code = m.code
       and ep.k = ${pick('r.g * 8 + m.i::int', 50, '(select n from bench_rq_exam_products c where c.modality_code = m.code and c.k = 0)')}
     where r.g between $1 and $2
    union all
    select r.id, x.product_id, 1, '80', x.price
      from bench_rq r join bench_rq_extra x on x.kind = 'contrast'
       and x.modality_code = (select c from unnest(r.mods) c where c in ('CT', 'MR') order by c limit 1)
     where r.g between $1 and $2 and r.contrast
    union all
    select r.id, x.product_id, 1 + ${pick('r.g', 51, 2)}, null, x.price
      from bench_rq r cross join lateral unnest(r.mods) m(code)
      join bench_rq_extra x on x.kind = 'film' and x.modality_code = m.code
     where r.g between $1 and $2 and ${unit('r.g * 8 + length(m.code)', 52)} < 0.3`;
}

/**
 * One exam per modality: accession number = branch code + Bangkok yyMMdd + the request's number within a 100,000 cycle
 * + the modality's position (unique, readable). Future: Scheduled. Today and the last three days: the workflow running
 * (Arrived, Assigned, Accepted, Completed, a few Rejected). Older: 96 % Completed. Images from Arrived on; a reader of
 * the hospital from Assigned on; names copied from the patient, as the save does.
 */
function examsSql(): string {
  return `
    insert into exams (request_id, patient_id, branch_id, hospital_id, accession_number, modality_code, description, body_part,
      exam_date, received_at, assigned_at, first_reported_at, status, hn, prefix_name, first_name, middle_name, last_name, birth_date,
      gender, reviewer_id, latest_reporter_id, report_urgency, has_image, study_instance_uid, dicom_patient_id, issuer_of_patient_id,
      study_date, study_time, created_at, updated_at, deleted_at, deleted_by, delete_reason)
    select r.id, r.patient_id, r.branch_id, r.hospital_id,
           b.code || to_char(r.appointment_at at time zone ${BKK}, 'YYMMDD') || lpad((r.g % 100000)::text, 5, '0') || m.i,
           m.code, pr.name, pr.body_part, r.appointment_at,
           case when s.status <> 'Scheduled' then r.appointment_at + interval '12 minutes' end,
           case when s.status not in ('Scheduled', 'Arrived') then r.appointment_at + interval '30 minutes' end,
           case when s.status = 'Completed' then r.appointment_at + interval '5 hours' end,
           s.status, p.hn, p.prefix_th, p.first_name_th, p.middle_name_th, p.last_name_th, p.birth_date, p.gender,
           case when s.status not in ('Scheduled', 'Arrived') then rd.reviewer_id end,
           case when s.status = 'Completed' then rd.reviewer_id end,
           'NotSpecified', s.status <> 'Scheduled', '2.25.' || ('x' || substr(md5(r.id::text || m.code), 1, 15))::bit(60)::bigint, p.hn, h.code,
           to_char(r.appointment_at at time zone ${BKK}, 'YYYYMMDD'), to_char(r.appointment_at at time zone ${BKK}, 'HH24MISS'),
           r.created_at, r.created_at,
           case when r.deleted then r.created_at + interval '1 hour' end, null, case when r.deleted then 'ผู้ป่วยยกเลิกนัด' end
      from bench_rq r cross join lateral unnest(r.mods) with ordinality m(code, i)
      join patients p on p.id = r.patient_id
      join branches b on b.id = r.branch_id
      left join hospitals h on h.id = r.hospital_id
      join lateral (select rp.product_id from request_products rp join products x on x.id = rp.product_id
                     where rp.request_id = r.id and x.modality_code = m.code and x.product_group = 'ตรวจ' limit 1) l on true
      join products pr on pr.id = l.product_id
      left join bench_rq_hosp_n hn on hn.hospital_id = r.hospital_id
      left join bench_rq_readers rd on rd.hospital_id = r.hospital_id and rd.k = ${pick('r.g * 8 + m.i::int', 53, 'greatest(hn.readers, 1)')}
      cross join lateral (select ${unit('r.g * 8 + m.i::int', 54)} as v) q
      cross join lateral (
        select case when r.appointment_at > now() then 'Scheduled' ${examStatusArms('r.appointment_at', 'q.v', 'rd.reviewer_id')} end as status
      ) s
     where r.g between $1 and $2
     order by r.g, m.i`;
}

/** Custom prices on 3 % of requests: 10 % off the exam lines; pending where the request is on Hold, else mostly approved. */
function customPricesSql(): string {
  return `
    insert into custom_prices (request_id, items, status, created_by, created_at, decided_by, decided_at)
    select r.id, jsonb_agg(jsonb_build_object('productId', rp.product_id, 'priceSatang', rp.unit_price_satang * 9 / 10) order by rp.product_id),
           case when r.pending then 'Pending' when r.u < 0.9 then 'Approved' else 'Rejected' end,
           q.created_by, r.created_at,
           case when not r.pending then (select id from users where username = 'admin') end,
           case when not r.pending then r.created_at + interval '2 hours' end
      from bench_rq r join requests q on q.id = r.id
      join request_products rp on rp.request_id = r.id
     where r.custom
     group by r.id, r.pending, r.u, q.created_by, r.created_at`;
}

/**
 * Request documents: the doctor's order for 60 % of requests; contrast consent (70 %) and a creatinine result (50 %)
 * where contrast is given; the MRI screening form for 80 % of those with MR; a referral letter for 20 %. A scanned
 * document on 20 % of exams.
 */
function documentsSql(): string {
  const doc = (code: string, cond: string, k: number, share: number) => `
    select r.id, r.patient_id, l.id, '${code.toLowerCase()}.pdf', r.created_at, ${code === 'MRI_SCREENING' ? "'MR'" : 'null'}
      from bench_rq r join lookups l on l.kind = 'requestDocument' and l.code = '${code}'
     where ${cond} and ${unit('r.g', k)} < ${share}`;
  return `
    with d (request_id, patient_id, type_id, file_name, at, modality_code) as (
      ${doc('ORDER', 'true', 60, 0.6)} union all
      ${doc('CONTRAST_CONSENT', 'r.contrast', 61, 0.7)} union all
      ${doc('LAB_CREATININE', 'r.contrast', 62, 0.5)} union all
      ${doc('MRI_SCREENING', "'MR' = any(r.mods)", 63, 0.8)} union all
      ${doc('REFERRAL', 'true', 64, 0.2)}
    ), e as (
      select e.id, e.patient_id, e.created_at from exams e join bench_rq r on r.id = e.request_id
       where ${unit('hashtext(e.id::text)', 65)} < 0.2
    )
    insert into documents (exam_id, request_id, patient_id, kind, document_type_id, modality_code, file_name, content_type, size_bytes,
      storage_key, sha256, uploaded_at)
    select null, d.request_id, d.patient_id, 'requestDocument', d.type_id, d.modality_code, d.file_name, 'application/pdf', 184320,
           'bench/documents/' || md5(d.request_id::text || d.type_id), md5(d.request_id::text || d.type_id) || md5(d.type_id || d.request_id::text),
           d.at
      from d
    union all
    select e.id, null, e.patient_id, 'document', null, null, 'scan.jpg', 'image/jpeg', 512000,
           'bench/documents/' || e.id, md5(e.id::text) || md5(e.id::text || 'x'), e.created_at + interval '15 minutes'
      from e`;
}
