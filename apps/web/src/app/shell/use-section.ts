import type { MenuItem } from '@rangsi/contract';
import { MENU_DEFINITIONS } from '@rangsi/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { menuQueryOptions } from '@/api/menu';
import { menuTitle } from '@/lib/menu-title';

export interface Section {
  /** The first path segment (`pacs` for /pacs#A123), undefined on home. */
  code: string | undefined;
  /** The menu's title for it, a sub-menu's title appended when the path names one. */
  title: string | undefined;
}

/** Spec §1: every route sits under /{section?}; the header shows the section's menu title. */
export function useSection(): Section {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  // The raw menu, not the visible one: accounting_report pages exist and deserve a title in the header.
  const menu = useQuery(menuQueryOptions);

  const segments = pathname.split('/').filter(Boolean).map(safeDecode);
  const code = segments[0];
  if (code === undefined) return { code, title: undefined };
  if (code.toLowerCase() === 'document') return { code, title: t('document.title') };
  // Pages of Rangsi's own that no spec menu item names.
  if (code.toLowerCase() === 'dicom' && segments[1] === 'unmatched') return { code, title: t('dicomUnmatched.title') };

  const item = menu.data?.find((m) => m.permissionCode.toLowerCase() === code.toLowerCase());
  if (!item) {
    if (menu.isPending) return { code, title: undefined };
    // A section outside the user's menu (the page then says they may not open it) still gets its name, never its code.
    const known = MENU_DEFINITIONS.find((m) => m.code.toLowerCase() === code.toLowerCase());
    return {
      code,
      title: known ? menuTitle({ title: known.titleTh, titleEn: known.titleEn }, i18n.resolvedLanguage) : code,
    };
  }

  const subCode = segments.length > 1 ? `${code}/${segments[1]}`.toLowerCase() : undefined;
  const sub: MenuItem | undefined = item.subMenu.find((s) => s.permissionCode.toLowerCase() === subCode);
  const title = menuTitle(item, i18n.resolvedLanguage);
  return { code, title: sub ? `${title} / ${menuTitle(sub, i18n.resolvedLanguage)}` : title };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
