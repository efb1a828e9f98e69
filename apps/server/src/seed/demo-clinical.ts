import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** Clinical histories and indications as referring doctors write them, by the body part of the request's first exam. */
const BY_BODY_PART: Record<string, { history: string[]; indication: string[] }> = {
  HEAD: {
    history: ['ปวดศีรษะรุนแรงเฉียบพลัน 2 ชั่วโมง', 'แขนขาซีกขวาอ่อนแรง พูดไม่ชัด 3 ชั่วโมง', 'เวียนศีรษะ บ้านหมุน 1 สัปดาห์'],
    indication: ['R/O intracranial hemorrhage', 'R/O acute ischemic stroke', 'R/O intracranial mass'],
  },
  CHEST: {
    history: ['ไอเรื้อรัง 1 เดือน น้ำหนักลด', 'ไข้ ไอมีเสมหะ 5 วัน', 'ตรวจสุขภาพประจำปี'],
    indication: ['R/O pulmonary tuberculosis', 'R/O pneumonia', 'Annual check-up'],
  },
  ABDOMEN: {
    history: ['ปวดท้องด้านขวาบน หลังรับประทานอาหารมัน', 'ปวดท้องน้อยด้านขวา 1 วัน มีไข้', 'ตับอักเสบบีเรื้อรัง ติดตามอาการ'],
    indication: ['R/O gallstone', 'R/O acute appendicitis', 'HCC surveillance'],
  },
  BREAST: {
    history: ['คลำได้ก้อนที่เต้านมซ้าย 2 สัปดาห์', 'ตรวจคัดกรองมะเร็งเต้านมประจำปี', 'มารดาเป็นมะเร็งเต้านม'],
    indication: ['Evaluate palpable breast mass', 'Screening mammogram', 'High-risk screening'],
  },
  OTHER: {
    history: ['ปวดหลังส่วนล่างร้าวลงขา 3 เดือน', 'หกล้ม ปวดข้อมือขวา', 'ปวดเข่าทั้งสองข้างเวลาเดิน'],
    indication: ['R/O disc herniation', 'R/O fracture', 'Evaluate osteoarthritis'],
  },
};

/**
 * Gives each demo request a clinical history and an indication (the additional fields clinical_history and
 * indication), picked by its first exam's body part and a hash of its id, so a report started on it has clinical
 * information to start from (issue 26 item 10). The same data always gives the same texts.
 */
export async function seedDemoClinical(db: Database): Promise<void> {
  for (const [part, texts] of Object.entries(BY_BODY_PART)) {
    const known = Object.keys(BY_BODY_PART).filter((p) => p !== 'OTHER');
    const matches =
      part === 'OTHER'
        ? sql`coalesce(upper(e.body_part), '') not in (${sql.join(
            known.map((p) => sql`${p}`),
            sql`, `,
          )})`
        : sql`upper(e.body_part) = ${part}`;
    const histories = sql`array[${sql.join(
      texts.history.map((h) => sql`${h}`),
      sql`, `,
    )}]::text[]`;
    const indications = sql`array[${sql.join(
      texts.indication.map((h) => sql`${h}`),
      sql`, `,
    )}]::text[]`;
    await db.execute(sql`
      update requests r set additional_fields = r.additional_fields || jsonb_build_object(
        'clinical_history', (${histories})[1 + abs(hashtext(r.id::text)) % ${texts.history.length}],
        'indication', (${indications})[1 + abs(hashtext(r.id::text)) % ${texts.indication.length}])
      from (select distinct on (request_id) request_id, body_part from exams
        where request_id is not null order by request_id, modality_code, id) e
      where e.request_id = r.id and ${matches}`);
  }
}
