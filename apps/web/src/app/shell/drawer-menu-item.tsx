import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface DrawerMenuItemProps {
  href: string;
  title: string;
  icon?: ReactNode;
  selected: boolean;
  collapsed: boolean;
  newWindow: boolean;
  nested?: boolean;
  testId: string;
}

export function DrawerMenuItem({
  href,
  title,
  icon,
  selected,
  collapsed,
  newWindow,
  nested = false,
  testId,
}: DrawerMenuItemProps) {
  const { t } = useTranslation();
  const content = (
    <>
      {icon ? (
        <ListItemIcon sx={{ minWidth: 36, color: selected ? 'primary.main' : 'text.secondary' }}>{icon}</ListItemIcon>
      ) : null}
      <ListItemText
        primary={title}
        sx={{ my: 0, opacity: collapsed ? 0 : 1, transition: 'opacity 120ms' }}
        slotProps={{
          primary: {
            noWrap: true,
            sx: { fontSize: nested ? '0.85rem' : '0.9rem', fontWeight: selected ? 600 : 500 },
          },
        }}
      />
      {newWindow && !collapsed ? (
        <OpenInNewRounded
          aria-label={t('shell.opensNewWindow')}
          sx={{ fontSize: 15, color: 'text.secondary', ml: 0.5 }}
        />
      ) : null}
    </>
  );

  const sx = {
    minHeight: nested ? 34 : 40,
    px: 1.5,
    pl: nested ? 6 : 1.5,
    mb: 0.25,
    '&.Mui-selected': { bgcolor: 'action.selected' },
  } as const;

  const button = newWindow ? (
    <ListItemButton
      component="a"
      href={href}
      target="_blank"
      rel="noopener"
      selected={selected}
      data-testid={testId}
      aria-label={collapsed ? title : undefined}
      sx={sx}
    >
      {content}
    </ListItemButton>
  ) : (
    <ListItemButton
      component={Link}
      to={href}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      data-testid={testId}
      aria-label={collapsed ? title : undefined}
      sx={sx}
    >
      {content}
    </ListItemButton>
  );

  // Collapsed, the icon is all there is; the tooltip names it.
  return collapsed ? (
    <Tooltip title={title} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}
