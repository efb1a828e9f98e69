import Box from '@mui/material/Box';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { HEADER_HEIGHT } from '@/config/theme';
import { AppDrawer } from './app-drawer';
import { AppHeader } from './app-header';
import { useDrawerCollapsed } from './use-drawer-collapsed';
import { useSection } from './use-section';

/** Spec §1: header and side drawer around every signed-in screen. */
export function AppShell() {
  const [collapsed, toggleCollapsed] = useDrawerCollapsed();
  const section = useSection();

  useEffect(() => {
    document.title = section.title ? `${section.title} · Rangsi` : 'Rangsi · รังสี';
  }, [section.title]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppHeader sectionTitle={section.title} drawerCollapsed={collapsed} onToggleDrawer={toggleCollapsed} />
      <AppDrawer collapsed={collapsed} sectionCode={section.code} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, pt: `${HEADER_HEIGHT}px`, bgcolor: 'background.default' }}>
        {/* Pages load lazily; the shell stays put while they do. */}
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
