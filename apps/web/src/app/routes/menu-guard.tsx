import { hasAccountingMenu, MENU_DEFINITIONS, type MenuDefinition } from '@rangsi/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentUser } from '@/api/me';
import { StatusPage } from '@/components/status-page';
import { menuTitle } from '@/lib/menu-title';

/** The menu section an address belongs to: /admin/audit/… is admin/audit, /pacs#A1 is pacs. */
function sectionOf(pathname: string): MenuDefinition | undefined {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  const two = segments.slice(0, 2).join('/');
  return MENU_DEFINITIONS.find((m) => m.code === two) ?? MENU_DEFINITIONS.find((m) => m.code === segments[0]);
}

function mayOpen(section: MenuDefinition, permissions: readonly string[]): boolean {
  const held = new Set(permissions);
  return section.code === 'accounting' ? hasAccountingMenu(held) : held.has(section.permission);
}

/** A menu section's page for those who hold its menu permission (spec §6); anyone else is told so (403). */
export function RequireMenu({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const me = useCurrentUser();
  const { i18n } = useTranslation();
  const section = sectionOf(pathname);
  if (!section || mayOpen(section, me.permissions)) return children;
  return (
    <StatusPage
      kind="forbidden"
      pageName={menuTitle({ title: section.titleTh, titleEn: section.titleEn }, i18n.resolvedLanguage)}
    />
  );
}

/** An address no route answers: a menu section the user may not open is 403, anything else 404. */
export function UnknownPage() {
  const { pathname } = useLocation();
  const me = useCurrentUser();
  const { i18n } = useTranslation();
  const section = sectionOf(pathname);
  if (section && !mayOpen(section, me.permissions))
    return (
      <StatusPage
        kind="forbidden"
        pageName={menuTitle({ title: section.titleTh, titleEn: section.titleEn }, i18n.resolvedLanguage)}
      />
    );
  return <StatusPage kind="not-found" />;
}
