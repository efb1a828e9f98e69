import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';

/**
 * Fills the DICOM study index of a fresh embedded database with `count` studies (Thai and English names, ten years of
 * dates, accession numbers, a few modalities), each with one series and one instance row, before the server opens it:
 * what QIDO searches run against.
 */
export async function seedStudies(dataDir: string, count: number): Promise<void> {
  const handle = await openDatabase({ dataDir });
  try {
    const chunk = 20_000;
    for (let from = 0; from < count; from += chunk) {
      const to = Math.min(count, from + chunk) - 1;
      await handle.db.execute(sql`
        insert into dicom_studies (study_instance_uid, patient_id, patient_name, patient_birth_date, patient_sex,
          accession_number, study_date, study_time, study_description, number_of_series, number_of_instances,
          modalities_in_study, received_at, updated_at)
        select '2.25.77' || g, 'HN' || lpad(g::text, 8, '0'),
          (array['สมชาย','สมหญิง','ประยุทธ์','วิไล','Somchai','Malee','John','กนกพร'])[1 + g % 8] || '^' ||
            (array['ใจดี','รักษ์ไทย','Smith','ศรีสุข','Wong','บุญมา','Tan'])[1 + (g / 8) % 7] || g % 997,
          '19700101', case when g % 2 = 0 then 'M' else 'F' end,
          'BA' || lpad(g::text, 9, '0'),
          to_char(date '2016-01-01' + (g % 3650), 'YYYYMMDD'), '101500', 'CT BRAIN', 1, 20,
          (array['CT','MR','CR','US','MG'])[1 + g % 5], now(), now()
        from generate_series(${from}::int, ${to}::int) g`);
    }
    // Each study gets its series and an instance row: counts are recounted from the rows at start (IN7), and QIDO
    // shows only studies with live images, so a study without rows would be hidden (and the modality search, which
    // reads series, would find nothing).
    await handle.db.execute(sql`
      insert into dicom_series (study_id, series_instance_uid, modality, series_number, series_description, number_of_instances)
      select d.id, d.study_instance_uid || '.1', d.modalities_in_study, 1, 'BENCH', 1
      from dicom_studies d where d.study_instance_uid like '2.25.77%'`);
    await handle.db.execute(sql`
      insert into dicom_instances (series_id, sop_instance_uid, sop_class_uid, transfer_syntax_uid, instance_number, storage_key, size_bytes, metadata)
      select s.id, s.series_instance_uid || '.1', '1.2.840.10008.5.1.4.1.1.2', '1.2.840.10008.1.2.1', 1, 'dicom/bench/' || s.id, 0, '{}'::jsonb
      from dicom_series s where s.series_instance_uid like '2.25.77%'`);
    await handle.db.execute(sql`analyze dicom_studies`);
    await handle.db.execute(sql`analyze dicom_series`);
    await handle.db.execute(sql`analyze dicom_instances`);
  } finally {
    await handle.close();
  }
}

export interface QueryTimes {
  metadataMs: number[];
  metadataInstances: number;
  searches: { name: string; user: string; ms: number[]; matches: number }[];
}

async function timed(url: string, cookie: string): Promise<{ ms: number; body: unknown }> {
  const t = performance.now();
  const res = await fetch(url, { headers: { cookie, accept: 'application/dicom+json' } });
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200 && res.status !== 204) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return { ms, body: text ? JSON.parse(text) : [] };
}

/** The 500-instance series' metadata, then each QIDO search, sequentially (one client), after a warm-up. */
export async function measureQueries(baseUrl: string, cookie: string, repeat = 200): Promise<QueryTimes> {
  const studies = (await timed(`${baseUrl}/dicomweb/studies?PatientID=BENCH-1`, cookie)).body as Record<
    string,
    { Value?: string[] }
  >[];
  const study = studies[0]?.['0020000D']?.Value?.[0];
  if (!study) throw new Error('the 500-instance study is not in QIDO');
  const series = (
    (await timed(`${baseUrl}/dicomweb/studies/${study}/series`, cookie)).body as Record<string, { Value?: string[] }>[]
  )[0]?.['0020000E']?.Value?.[0];
  if (!series) throw new Error('its series is not in QIDO');
  const metaUrl = `${baseUrl}/dicomweb/studies/${study}/series/${series}/metadata`;
  let metadataInstances = 0;
  const metadataMs: number[] = [];
  for (let i = 0; i < 25; i += 1) {
    const r = await timed(metaUrl, cookie);
    metadataInstances = (r.body as unknown[]).length;
    if (i >= 5) metadataMs.push(r.ms);
  }

  const q = (params: Record<string, string>) => `${baseUrl}/dicomweb/studies?${new URLSearchParams(params).toString()}`;
  const searches = [
    { name: 'Thai name prefix สมชาย*, limit 50', url: q({ PatientName: 'สมชาย*', limit: '50' }) },
    { name: 'fuzzy name ใจดี, limit 50', url: q({ PatientName: 'ใจดี', fuzzymatching: 'true', limit: '50' }) },
    { name: 'StudyDate one month, limit 50', url: q({ StudyDate: '20230101-20230131', limit: '50' }) },
    { name: 'AccessionNumber exact', url: q({ AccessionNumber: 'BA000054321' }) },
    { name: 'PatientID exact', url: q({ PatientID: 'HN00012345' }) },
    {
      name: 'modality MR + one year, limit 50',
      url: q({ ModalitiesInStudy: 'MR', StudyDate: '20220101-20221231', limit: '50' }),
    },
  ];
  const out: QueryTimes['searches'] = [];
  for (const s of searches) {
    const ms: number[] = [];
    let matches = 0;
    for (let i = 0; i < repeat + 10; i += 1) {
      const r = await timed(s.url, cookie);
      matches = (r.body as unknown[]).length;
      if (i >= 10) ms.push(r.ms);
    }
    out.push({ name: s.name, user: 'admin', ms, matches });
  }
  return { metadataMs, metadataInstances, searches: out };
}
