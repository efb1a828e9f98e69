import type { MenuItem, SiteConfig } from '@rangsi/contract';
import { hasAccountingMenu } from '@rangsi/domain';
import type { CurrentUser } from '../../auth/current-user';
import type { UidataRepository } from './uidata.repository';

/** Server-driven UI data: the user's menu and the site configuration. */
export class UidataService {
  constructor(
    private readonly repo: UidataRepository,
    private readonly overrides: { gatewayUrl?: string; idCardReaderUrl?: string } = {},
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

  async site(): Promise<SiteConfig> {
    const v = await this.repo.siteValue<Partial<SiteConfig>>('site');
    return { siteName: v?.siteName ?? 'Rangsi', lineLoginDialogUrl: v?.lineLoginDialogUrl ?? null };
  }
}
