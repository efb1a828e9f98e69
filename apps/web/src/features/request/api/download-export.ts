import type { DicomExportProfile, DicomExportReady } from '@rangsi/contract';

/** The export addresses the film link's answer gives (each carries the link's token). */
export interface ExportUrls {
  exportCheckUrl: string;
  exportUrl: string;
}

/** How often the check is asked while the zip is being prepared. */
const POLL_MS = 1_000;

/** An export address with the profile chosen (as-stored is the server's default: the address stays as it was). */
export function withProfile(url: string, profile: DicomExportProfile): string {
  if (profile === 'as-stored') return url;
  const u = new URL(url, window.location.origin);
  u.searchParams.set('profile', profile);
  return `${u.pathname}${u.search}`;
}

/**
 * GET /dicom/export/{examId}/check until the zip is ready (spec §4: poll until it succeeds with data), then GET
 * /dicom/export/{examId} through the browser's own download. Answers what the check said of the ready zip.
 */
export async function downloadExport(
  urls: ExportUrls,
  profile: DicomExportProfile,
  onProgress: (p: { done: number; total: number }) => void,
): Promise<DicomExportReady> {
  let ready: DicomExportReady | null = null;
  while (!ready) {
    const res = await fetch(withProfile(urls.exportCheckUrl, profile), { headers: { Accept: 'application/json' } });
    const body = (await res.json().catch(() => null)) as {
      success?: boolean;
      data?: DicomExportReady | null;
      message?: string;
      progress?: { done: number; total: number };
    } | null;
    if (!res.ok || !body?.success) throw new Error(body?.message ?? '');
    if (body.data) ready = body.data;
    else {
      if (body.progress) onProgress(body.progress);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  const a = document.createElement('a');
  a.href = withProfile(urls.exportUrl, profile);
  a.download = '';
  document.body.append(a);
  a.click();
  a.remove();
  return ready;
}
