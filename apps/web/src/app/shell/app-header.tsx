import MenuOpenRounded from '@mui/icons-material/MenuOpenRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import StorefrontRounded from '@mui/icons-material/StorefrontRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '@/api/me';
import { RangsiMark } from '@/components/brand/rangsi-mark';
import { LanguageSwitch } from '@/components/language-switch';
import { HEADER_HEIGHT } from '@/config/theme';
import { HeaderUser } from './header-user';

interface AppHeaderProps {
  sectionTitle: string | undefined;
  drawerCollapsed: boolean;
  onToggleDrawer: () => void;
}

/** Spec §1: product title and the section's menu title, the branch (not for doctors), the user. */
export function AppHeader({ sectionTitle, drawerCollapsed, onToggleDrawer }: AppHeaderProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  // Doctors read for many branches; showing the one on their account would mislead.
  const showBranch = me.roleName !== 'Doctor' && Boolean(me.branchName);
  const toggleLabel = drawerCollapsed ? t('shell.expandDrawer') : t('shell.collapseDrawer');

  return (
    <AppBar
      position="fixed"
      data-testid="app-header"
      sx={(theme) => ({ zIndex: theme.zIndex.drawer + 1, bgcolor: 'primary.dark', color: 'primary.contrastText' })}
    >
      <Toolbar
        disableGutters
        sx={{ minHeight: { xs: HEADER_HEIGHT }, height: HEADER_HEIGHT, pl: 1.5, pr: 2, gap: 1.5 }}
      >
        <Tooltip title={toggleLabel}>
          <IconButton
            color="inherit"
            onClick={onToggleDrawer}
            aria-label={toggleLabel}
            aria-controls="app-drawer"
            aria-expanded={!drawerCollapsed}
            data-testid="drawer-toggle"
            sx={{ width: 40, height: 40 }}
          >
            {drawerCollapsed ? <MenuRounded /> : <MenuOpenRounded />}
          </IconButton>
        </Tooltip>

        <Box
          component={Link}
          to="/"
          aria-label={`Rangsi — ${t('shell.home')}`}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
            borderRadius: 1,
          }}
        >
          <RangsiMark size={30} tone="onDark" />
          <Typography component="span" sx={{ fontSize: '1.125rem', fontWeight: 600, letterSpacing: '0.01em' }}>
            {t('app.productName')}
          </Typography>
          <Typography
            component="span"
            sx={{ fontSize: '0.95rem', opacity: 0.7, display: { xs: 'none', md: 'inline' } }}
          >
            {t('app.productNameTh')}
          </Typography>
        </Box>

        {sectionTitle ? (
          <>
            <Divider
              orientation="vertical"
              flexItem
              sx={(theme) => ({ borderColor: alpha(theme.palette.common.white, 0.28), my: 1.75 })}
            />
            <Typography
              component="h1"
              noWrap
              data-testid="header-section"
              sx={{ fontSize: '1rem', fontWeight: 500, minWidth: 0 }}
            >
              {sectionTitle}
            </Typography>
          </>
        ) : null}

        <Box sx={{ flexGrow: 1 }} />

        {showBranch ? (
          <Tooltip title={t('shell.branch')}>
            <Box
              data-testid="header-branch"
              aria-label={`${t('shell.branch')}: ${me.branchName ?? ''}`}
              sx={(theme) => ({
                display: 'flex',
                alignItems: 'center',
                gap: 0.75,
                px: 1.25,
                py: 0.5,
                borderRadius: 4,
                bgcolor: alpha(theme.palette.common.white, 0.12),
                maxWidth: 260,
              })}
            >
              <StorefrontRounded sx={{ fontSize: 18, opacity: 0.85 }} />
              <Typography component="span" variant="body2" noWrap sx={{ fontWeight: 500 }}>
                {me.branchName}
              </Typography>
            </Box>
          </Tooltip>
        ) : null}

        <LanguageSwitch tone="onDark" />
        <HeaderUser displayName={me.displayName} lineName={me.lineName} />
      </Toolbar>
    </AppBar>
  );
}
