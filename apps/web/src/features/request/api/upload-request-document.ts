import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error';
import { requestKeys } from './search-requests';

/** POST api/document/upload (multipart: requestId, documentTypeId, modalityCode, file). */
export function useUploadRequestDocument(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, documentTypeId, modalityCode }: { file: File; documentTypeId: number | null; modalityCode: string | null }) => {
      const body = new FormData();
      // Fields before the file: the server checks the request before it stores a byte.
      body.append('requestId', requestId);
      if (documentTypeId !== null) body.append('documentTypeId', String(documentTypeId));
      if (modalityCode) body.append('modalityCode', modalityCode);
      body.append('file', file);
      const res = await fetch('/api/document/upload', { method: 'POST', body, credentials: 'same-origin' });
      const json = (await res.json().catch(() => null)) as { success?: boolean; message?: string } | null;
      if (!res.ok || !json?.success) throw new ApiError(res.status, json?.message ?? 'Unable to upload document, please try again later!', []);
      return json;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: requestKeys.all }),
    meta: { errorAlert: false },
  });
}
