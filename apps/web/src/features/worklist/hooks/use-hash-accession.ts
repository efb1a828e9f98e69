import { useLocation } from 'react-router';

/** Spec §2: the URL hash holds an accession number (/pacs#RS1261122…); '' when there is none. */
export function useHashAccession(): string {
  const { hash } = useLocation();
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim();
  }
}
