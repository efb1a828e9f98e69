import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/api-error';
import { postMultipart } from '@/api/multipart-post';
import { requestKeys } from './search-requests';

interface UploadInput {
  file: File;
  documentTypeId: number | null;
  modalityCode: string | null;
  onProgress?: (percent: number) => void;
}

/** POST api/document/upload (multipart: requestId, documentTypeId, modalityCode, file), reporting upload progress. */
export function useUploadRequestDocument(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, documentTypeId, modalityCode, onProgress }: UploadInput) => {
      const body = new FormData();
      // Fields before the file: the server checks the request before it stores a byte.
      body.append('requestId', requestId);
      if (documentTypeId !== null) body.append('documentTypeId', String(documentTypeId));
      if (modalityCode) body.append('modalityCode', modalityCode);
      body.append('file', file);
      try {
        return await postMultipart<unknown>('/api/document/upload', body, onProgress);
      } catch (err) {
        // Spec §5 Upload: the message when the server gives none (a dropped connection).
        if (err instanceof ApiError && !err.message)
          throw new ApiError(err.status, 'Unable to upload document, please try again later!', []);
        throw err;
      }
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: requestKeys.all }),
    meta: { errorAlert: false },
  });
}
