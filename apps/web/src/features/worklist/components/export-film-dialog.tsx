import type { Exam } from '@rangsi/contract';
import { useEffect, useRef } from 'react';
import { useCreateExportLink } from '@/api/export-link';
import { ExportLinkDialog } from '@/components/export-link-dialog';

/**
 * Spec §2 Export Film from the worklist row: the film link of the exam's request (a new one each time, as on the
 * request list), its QR code and the patient name.
 */
export function ExportFilmDialog({ exam, onClose }: { exam: Exam; onClose: () => void }) {
  const { mutate, data, error } = useCreateExportLink();
  const { requestId } = exam;
  // One link per opening: React's development double effect must not make a second one.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!requestId || asked.current === requestId) return;
    asked.current = requestId;
    mutate(requestId);
  }, [mutate, requestId]);
  return <ExportLinkDialog link={data} error={error ? error.message : null} onClose={onClose} />;
}
