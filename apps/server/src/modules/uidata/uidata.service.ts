import type { MenuItem, SiteConfig } from '@rangsi/contract';
import { hasAccountingMenu } from '@rangsi/domain';
import type { CurrentUser } from '../../auth/current-user';
import type { Database } from '../../db/client';
import type { UidataRepository } from './uidata.repository';
import { workstationHelpersFrom, type WorkstationHelpers } from './workstation-helpers';

/**
 * Server-driven UI data: the user's menu, the site configuration, and the reference data the forms add to (a doctor,
 * a building or a research project typed into the request form).
 */
export class UidataService {
  constructor(
    private readonly repo: UidataRepository,
    private readonly overrides: {
      gatewayUrl?: string;
      idCardReaderUrl?: string;
      cdHelperUrl?: string;
      radiantHelperUrl?: string;
      /** Rangsi's own LINE Login start, when LINE Login is configured (decision ln03). */
      lineLoginPath?: string | null;
    } = {},
  ) {}

  /** The menu items this user holds the permission for; children follow their parent. */
  async menuFor(user: CurrentUser): Promise<MenuItem[]> {
    const rows = await this.repo.menuItems();
    const permitted = (permission: string, code: string) =>
      code === 'accounting' ? hasAccountingMenu(user.permissions) : user.permissions.has(permission as never);
    const top = rows.filter((r) => r.parentId === null && permitted(r.permission, r.code));
    return top.map((r) => ({
      id: r.id,
      permissionCode: r.code,
      title: r.titleTh,
      titleEn: r.titleEn,
      newWindow: r.newWindow,
      subMenu: rows
        .filter((c) => c.parentId === r.id)
        .map((c) => ({
          id: c.id,
          permissionCode: c.code,
          title: c.titleTh,
          titleEn: c.titleEn,
          newWindow: c.newWindow,
          subMenu: [],
        })),
    }));
  }

  /** Spec §3 Patient UI configuration: where the hospital gateway and the ID-card reader helper answer. */
  async patientUi(): Promise<{ gatewayUrl: string | null; idCardReaderUrl: string | null }> {
    const v = await this.repo.siteValue<{ gatewayUrl?: string | null; idCardReaderUrl?: string | null }>('patientUi');
    return {
      gatewayUrl: this.overrides.gatewayUrl ?? v?.gatewayUrl ?? null,
      idCardReaderUrl: this.overrides.idCardReaderUrl ?? v?.idCardReaderUrl ?? null,
    };
  }

  /** The branches' image caches (spec §7), whose origins the security headers let the browser reach. */
  branchImageCacheUrls(): Promise<(string | null)[]> {
    return this.repo.branchImageCacheUrls();
  }

  async site(): Promise<SiteConfig> {
    const v = await this.repo.siteValue<Partial<SiteConfig>>('site');
    // The site's own dialog URL when it names one (spec §1), else Rangsi's LINE Login when configured, else none.
    const lineLoginDialogUrl = v?.lineLoginDialogUrl || this.overrides.lineLoginPath || null;
    return { siteName: v?.siteName ?? 'Rangsi', lineLoginDialogUrl, ...(await this.workstationHelpers()) };
  }

  /** Spec §7: the workstation's CD download and RadiAnt helpers, as the browser reaches them. */
  async workstationHelpers(): Promise<WorkstationHelpers> {
    const stored = await this.repo.siteValue<Partial<WorkstationHelpers>>('workstationHelpers');
    return workstationHelpersFrom(stored, {
      cdHelperUrl: this.overrides.cdHelperUrl,
      radiantHelperUrl: this.overrides.radiantHelperUrl,
    });
  }

  /**
   * Free-text entries of the request form's pickers ("เพิ่ม "text"") become rows of the hospital or lookup they belong
   * to, inside the save's transaction (`tx`: PGlite has one connection, a second query would wait forever).
   */
  async addRequestFormEntries(
    tx: Database,
    hospitalId: number,
    entries: { doctor?: string | null; building?: string | null; researchProject?: string | null },
  ): Promise<{ doctorId: number | null; buildingId: number | null; researchProjectId: number | null }> {
    return {
      doctorId: entries.doctor ? await this.repo.addHospitalDoctor(tx, hospitalId, entries.doctor) : null,
      buildingId: entries.building ? await this.repo.addHospitalBuilding(tx, hospitalId, entries.building) : null,
      researchProjectId: entries.researchProject
        ? await this.repo.ensureLookup(tx, 'researchProject', entries.researchProject)
        : null,
    };
  }
}
