import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import { DRAWER_WIDTH, DRAWER_WIDTH_COLLAPSED, HEADER_HEIGHT } from '@/config/theme';
import { DrawerMenu } from './drawer-menu';
import { DrawerUserPanel } from './drawer-user-panel';
import { LogoutItem } from './logout-item';

interface AppDrawerProps {
  collapsed: boolean;
  sectionCode: string | undefined;
}

/** Spec §1: side drawer, 256 px wide, 64 px collapsed. */
export function AppDrawer({ collapsed, sectionCode }: AppDrawerProps) {
  const width = collapsed ? DRAWER_WIDTH_COLLAPSED : DRAWER_WIDTH;

  return (
    <Drawer
      variant="permanent"
      id="app-drawer"
      data-testid="drawer"
      data-collapsed={collapsed ? 'true' : 'false'}
      sx={(theme) => {
        const transition = theme.transitions.create('width', {
          easing: theme.transitions.easing.sharp,
          duration: theme.transitions.duration.shorter,
        });
        return {
          width,
          flexShrink: 0,
          whiteSpace: 'nowrap',
          transition,
          '& .MuiDrawer-paper': {
            width,
            boxSizing: 'border-box',
            overflowX: 'hidden',
            transition,
            display: 'flex',
            flexDirection: 'column',
            borderRightColor: 'divider',
          },
        };
      }}
    >
      <Box sx={{ height: HEADER_HEIGHT, flexShrink: 0 }} />
      <DrawerUserPanel collapsed={collapsed} />
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <DrawerMenu collapsed={collapsed} sectionCode={sectionCode} />
      </Box>
      <Divider />
      <List dense sx={{ px: 1, py: 1 }}>
        <LogoutItem collapsed={collapsed} />
      </List>
    </Drawer>
  );
}
