import type { SiteConfig } from '@rangsi/contract';
import type { WorkstationService } from '../hooks/use-workstation-download';

/** The site's address of the workstation helper for a service, or null when the site offers none (decision WS10). */
export function helperUrlOf(site: SiteConfig | undefined, service: WorkstationService): string | null {
  if (!site) return null;
  return service === 'cd' ? site.cdHelperUrl : site.radiantHelperUrl;
}
