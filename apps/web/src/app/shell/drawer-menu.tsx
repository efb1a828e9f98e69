import HomeRounded from '@mui/icons-material/HomeRounded';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisibleMenu } from '@/api/menu';
import { menuTitle } from '@/lib/menu-title';
import { DrawerMenuItem } from './drawer-menu-item';
import { MenuIcon } from './menu-icon';

interface DrawerMenuProps {
  collapsed: boolean;
  sectionCode: string | undefined;
}

/** Spec §1: the server's menu, accounting_* left out, each item to /{permissionCode}. */
export function DrawerMenu({ collapsed, sectionCode }: DrawerMenuProps) {
  const { t, i18n } = useTranslation();
  const menu = useVisibleMenu();
  const current = sectionCode?.toLowerCase();

  return (
    <List component="nav" aria-label={t('shell.menu')} dense sx={{ px: 1, py: 1 }} data-testid="drawer-menu">
      <DrawerMenuItem
        href="/"
        title={t('shell.home')}
        icon={<HomeRounded fontSize="small" />}
        selected={current === undefined}
        collapsed={collapsed}
        newWindow={false}
        testId="menu-item-home"
      />
      {menu.isPending
        ? [0, 1, 2, 3].map((i) => (
            <ListItem key={i} sx={{ height: 40, px: 1.5 }}>
              <Skeleton variant="rounded" width={collapsed ? 24 : 180} height={20} />
            </ListItem>
          ))
        : null}
      {menu.isError && !collapsed ? (
        <ListItem sx={{ px: 1.5 }}>
          <Typography variant="caption" color="error">
            {t('shell.menuLoadFailed')}
          </Typography>
        </ListItem>
      ) : null}
      {menu.data?.map((item) => (
        <Fragment key={item.id}>
          <DrawerMenuItem
            href={`/${item.permissionCode}`}
            title={menuTitle(item, i18n.resolvedLanguage)}
            icon={<MenuIcon code={item.permissionCode} fontSize="small" />}
            selected={current === item.permissionCode.toLowerCase()}
            collapsed={collapsed}
            newWindow={item.newWindow}
            testId={`menu-item-${item.permissionCode}`}
          />
          {collapsed
            ? null
            : item.subMenu.map((sub) => (
                <DrawerMenuItem
                  key={sub.id}
                  href={`/${sub.permissionCode}`}
                  title={menuTitle(sub, i18n.resolvedLanguage)}
                  selected={false}
                  collapsed={collapsed}
                  newWindow={sub.newWindow || item.newWindow}
                  nested
                  testId={`menu-item-${sub.permissionCode}`}
                />
              ))}
        </Fragment>
      ))}
    </List>
  );
}
