import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { patients } from '../db/schema/index';

/**
 * The DICOM patient of an exam's images: its HN. Images whose PatientID differs are held unmatched
 * (decision SEC22), so generated images meant to attach to a seeded exam must carry it.
 */
export async function examPatient(
  database: DatabaseHandle,
  exam: { patientId: string | null },
): Promise<{ name: string; id: string }> {
  if (!exam.patientId) throw new Error('the exam has no patient');
  const [p] = await database.db.select({ hn: patients.hn }).from(patients).where(eq(patients.id, exam.patientId));
  return { name: 'ทดสอบ^ภาพ', id: p!.hn };
}
