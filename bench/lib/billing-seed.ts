// Bulk billing for the request and billing benches, by SQL from the bulk requests (bench_rq, made by requests-seed):
// batches as billing staff make them (migration 0014's columns: branch, BL numbers per branch and Buddhist-era year,
// the appointment as billed), receipts by transfer or cheque with their receipt lines (a few voided and made again),
// and the document counters, so the next batch or receipt the server issues follows on without a clash.
import { pick, unit, uuid4 } from './bulk-seed';
import type { SqlClient } from './sql-client';

const BKK = "'Asia/Bangkok'";

export interface BillingSeedOptions {
  /**
   * One hospital (by code) billed in many small batches instead of by the month: the billing bench's history of a
   * hospital with thousands of batches. Without it every hospital is billed by the month.
   */
  history?: { hospitalCode: string; batches: number };
}

/**
 * Requests of months before the previous Bangkok month are billed (95 % of the live ones: a few are always left out
 * and billed later), in batches per hospital and month (of at most 2,000 requests, as the rules allow), or, for
 * `history`'s hospital, in `batches` batches of consecutive appointments. Last month and this month are not billed yet: what billing staff search for now.
 * Batches made more than 60 days ago are paid by one receipt (80 % transfer, 20 % cheque; 30 % with a 1 % deduction)
 * for 97 % of their lines, the rest left unpaid (the aging report's rows); one paid batch in 30 also has an earlier
 * receipt that was voided. The newest 5 % of batches were not printed yet (highlighted in the history).
 * Runs inside requests-seed's load: foreign-key triggers off, secondary indexes dropped.
 */
export async function seedBilling(sql: SqlClient, opts: BillingSeedOptions = {}): Promise<void> {
  const historyHospital = opts.history
    ? ((await sql.query<{ id: number }>('select id from hospitals where code = $1', [opts.history.hospitalCode]))[0]
        ?.id ?? -1)
    : -1;
  const historyBatches = opts.history?.batches ?? 1;
  const [billingUser] = await sql.query<{ id: string }>("select id::text from users where username = 'billing'");
  const user = billingUser ? `'${billingUser.id}'::uuid` : 'null';

  await sql.query(`create unlogged table bench_bl_line as
    select r.id as request_id, r.g, r.branch_id, r.hospital_id, r.appointment_at, coalesce(t.total, 0) as total,
           date_trunc('month', r.appointment_at at time zone ${BKK})::date as month
      from bench_rq r
      left join lateral (select sum(rp.unit_price_satang::bigint * rp.quantity)::int as total from request_products rp where rp.request_id = r.id) t on true
     where not r.deleted and not r.pending and ${unit('r.g', 70)} < 0.95
       and r.appointment_at < (date_trunc('month', now() at time zone ${BKK}) - interval '1 month') at time zone ${BKK}`);
  await sql.query(`alter table bench_bl_line add column key text`);
  await sql.query(`update bench_bl_line l set key = k.key from (
      select request_id, 'h-' || ntile(${historyBatches}) over (order by appointment_at, request_id) as key
        from bench_bl_line where hospital_id = ${historyHospital}) k
     where k.request_id = l.request_id`);
  // A batch holds at most 2,000 requests (BILLING_MAX_LINES): a busy hospital's month is billed in several.
  await sql.query(`update bench_bl_line l set key = k.key from (
      select request_id, 'm-' || hospital_id || '-' || month || '-'
                         || (row_number() over (partition by hospital_id, month order by appointment_at, request_id) - 1) / 2000 as key
        from bench_bl_line where key is null) k
     where k.request_id = l.request_id`);

  // The batches, over their appointments' days: a month's made on the 4th of the next month; a history batch one to
  // five days after its last day. Numbered per branch and BE year in the order made, after the demo seed's numbers.
  await sql.query(`create unlogged table bench_bl as
    select x.*, row_number() over (partition by x.branch_id, x.be_year order by x.created_at, x.id) as no,
           percent_rank() over (order by x.created_at) as age_rank
      from (
        select s.*, extract(year from s.created_at at time zone ${BKK})::int + 543 as be_year
          from (
            select l.key, ${uuid4("'rangsi-bench-billing-' || l.key")} as id, min(l.branch_id) as branch_id, min(l.hospital_id) as hospital_id,
                   min((l.appointment_at at time zone ${BKK})::date) as start_date, max((l.appointment_at at time zone ${BKK})::date) as end_date,
                   case when l.key like 'm-%' then (min(l.month) + interval '1 month 3 days 10 hours' + ${pick('hashtext(l.key)', 72, 480)} * interval '1 minute') at time zone ${BKK}
                        else (max((l.appointment_at at time zone ${BKK})::date) + (1 + ${pick('hashtext(l.key)', 71, 5)})::int + time '10:00'
                              + ${pick('hashtext(l.key)', 72, 480)} * interval '1 minute') at time zone ${BKK} end as created_at,
                   sum(l.total)::bigint as total
              from bench_bl_line l group by l.key) s) x`);
  await sql.query(`insert into billings (id, document_no, branch_id, hospital_id, privilege_id, start_date, end_date, is_printed, printed_at, created_by, created_at)
    select b.id, 'BL' || b.be_year || '-' || br.code || '-' || lpad((b.no + coalesce(dn.last_no, 0))::text, 5, '0'), b.branch_id, b.hospital_id, null, b.start_date, b.end_date,
           b.age_rank < 0.95, case when b.age_rank < 0.95 then b.created_at + interval '1 hour' end, ${user}, b.created_at
      from bench_bl b join branches br on br.id = b.branch_id
      left join document_numbers dn on dn.branch_id = b.branch_id and dn.kind = 'BL' and dn.be_year = b.be_year`);

  // Receipts of batches made more than 60 days ago, received 15 to 40 days after the batch; one batch in 30 has an
  // earlier receipt, voided the day after (a wrong amount), for the same lines.
  await sql.query(`create unlogged table bench_bl_rc as
    select b.id as billing_id, b.branch_id, v.voided, b.created_at + (15 + ${pick('hashtext(b.key)', 73, 26)}) * interval '1 day' - v.voided::int * interval '2 days' as created_at,
           ${unit('hashtext(b.key)', 74)} as u, b.key
      from bench_bl b cross join (values (false), (true)) v(voided)
     where b.created_at < now() - interval '60 days' and (not v.voided or ${unit('hashtext(b.key)', 75)} < 1.0 / 30)`);
  await sql.query(`create unlogged table bench_bl_rc_n as
    select c.*, ${uuid4("'rangsi-bench-receipt-' || c.key || c.voided")} as id,
           extract(year from c.created_at at time zone ${BKK})::int + 543 as be_year,
           coalesce(t.lines, 0) as lines
      from bench_bl_rc c
      left join (select l.key, sum(l.total)::bigint as lines from bench_bl_line l where ${unit('l.g', 76)} < 0.97 group by l.key) t on t.key = c.key`);
  await sql.query(`delete from bench_bl_rc_n where lines = 0`);
  await sql.query(`insert into receipts (id, billing_id, branch_id, document_no, type, bank_name, amount_satang, lines_satang, number, created_by, created_at,
      voided_at, voided_by, void_reason)
    select c.id, c.billing_id, c.branch_id,
           'RC' || c.be_year || '-' || br.code || '-'
             || lpad((coalesce(dn.last_no, 0) + row_number() over (partition by c.branch_id, c.be_year order by c.created_at, c.id))::text, 5, '0'),
           case when c.u < 0.8 then 'transfer' else 'cheque' end,
           (array['ธนาคารกรุงไทย', 'ธนาคารกสิกรไทย', 'ธนาคารไทยพาณิชย์', 'ธนาคารกรุงเทพ'])[1 + ${pick('hashtext(c.key)', 77, 4)}],
           case when c.u between 0.3 and 0.6 then c.lines * 99 / 100 else c.lines end, c.lines,
           lpad((${pick('hashtext(c.key)', 78, 100000000)})::text, 8, '0'), ${user}, c.created_at,
           case when c.voided then c.created_at + interval '1 day' end, case when c.voided then ${user} end,
           case when c.voided then 'ยอดเงินไม่ถูกต้อง ออกใบใหม่' end
      from bench_bl_rc_n c join branches br on br.id = c.branch_id
      left join document_numbers dn on dn.branch_id = c.branch_id and dn.kind = 'RC' and dn.be_year = c.be_year`);
  await sql.query(`insert into receipt_lines (receipt_id, request_id, billing_id, total_satang, voided_at)
    select c.id, l.request_id, c.billing_id, l.total, case when c.voided then c.created_at + interval '1 day' end
      from bench_bl_rc_n c join bench_bl_line l on l.key = c.key where ${unit('l.g', 76)} < 0.97`);
  await sql.query(`insert into billing_requests (billing_id, request_id, total_satang, appointment_at, paid_receipt_id, paid_at, paid_by)
    select b.id, l.request_id, l.total, l.appointment_at, c.id, c.created_at, case when c.id is not null then ${user} end
      from bench_bl_line l join bench_bl b on b.key = l.key
      left join bench_bl_rc_n c on c.key = l.key and not c.voided and ${unit('l.g', 76)} < 0.97`);
  await sql.query(`insert into document_numbers (branch_id, kind, be_year, last_no)
    select branch_id, 'BL', be_year, max(no) from bench_bl group by 1, 3
    union all
    select c.branch_id, 'RC', c.be_year, count(*) from bench_bl_rc_n c group by 1, 3
    on conflict (branch_id, kind, be_year) do update set last_no = document_numbers.last_no + excluded.last_no`);
  await sql.query('drop table bench_bl_line, bench_bl, bench_bl_rc, bench_bl_rc_n');
}
