import type { RequestDetail } from '@rangsi/contract';
import { useEffect, useState } from 'react';
import { draftFromDetail, emptyDraft, type RequestDraft } from '../lib/request-draft';

/**
 * The request form's draft: empty for a new request's patient, else the loaded request's. Made once; a later refetch
 * of the request does not overwrite what the user is editing.
 */
export function useRequestDraft(
  mode: 'new' | 'edit' | 'upload',
  patientId: string | undefined,
  detail: RequestDetail | undefined,
) {
  const [draft, setDraft] = useState<RequestDraft | null>(null);
  useEffect(() => {
    if (draft) return;
    if (mode === 'new' && patientId) setDraft(emptyDraft(patientId));
    if (mode !== 'new' && detail) setDraft(draftFromDetail(detail));
  }, [draft, mode, patientId, detail]);
  return [draft, setDraft] as const;
}
