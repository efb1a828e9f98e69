import { acceptLanguage } from './accept-language';
import { ApiError } from './api-error';
import { redirectToLogOn } from './log-on-redirect';

/** A refused upload: the server's message, and the data it answered with (what was done before it refused). */
export class UploadRefusedError extends ApiError {
  constructor(
    status: number,
    message: string | undefined,
    errors: { field: string; message: string }[],
    readonly data: unknown,
  ) {
    super(status, message, errors);
  }
}

interface Envelope<T> {
  success: boolean;
  data?: T;
  message?: string;
  errors?: { field: string; message: string }[];
}

/**
 * POSTs a multipart form and answers the envelope's data. XMLHttpRequest rather than fetch because only it reports
 * upload progress (percent), which large files and folders of images need.
 */
export function postMultipart<T>(url: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', acceptLanguage());
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, undefined));
    xhr.onload = () => {
      if (xhr.status === 401) redirectToLogOn();
      const envelope = parseEnvelope<T>(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && envelope?.success && envelope.data) {
        resolve(envelope.data);
      } else {
        reject(new UploadRefusedError(xhr.status, envelope?.message, envelope?.errors ?? [], envelope?.data));
      }
    };
    xhr.send(form);
  });
}

function parseEnvelope<T>(text: string): Envelope<T> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && 'success' in parsed ? (parsed as Envelope<T>) : null;
  } catch {
    return null;
  }
}
