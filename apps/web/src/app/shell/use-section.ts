import type { MenuItem } from '@rangsi/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { menuQueryOptions } from '../../api/menu';
import { menuTitle } from '../../lib/menu-title';

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
  if (!item) return { code, title: menu.isPending ? undefined : code };

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
