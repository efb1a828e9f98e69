import PersonRounded from '@mui/icons-material/PersonRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '@/api/me';
import { DrawerLineAccount } from './drawer-line-account';

/** Spec §1: display name, e-mail and chat account at the top of the drawer. */
export function DrawerUserPanel({ collapsed }: { collapsed: boolean }) {
  const me = useCurrentUser();

  const avatar = (
    <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', flexShrink: 0 }}>
      <PersonRounded />
    </Avatar>
  );

  return (
    <Box
      data-testid="drawer-user"
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, px: 1.75, py: 2, minHeight: 76 }}
    >
      {collapsed ? (
        <Tooltip title={`${me.displayName} · ${me.email}`} placement="right">
          {avatar}
        </Tooltip>
      ) : (
        avatar
      )}
      <Box
        sx={{ minWidth: 0, flex: 1, opacity: collapsed ? 0 : 1, transition: 'opacity 120ms' }}
        aria-hidden={collapsed}
      >
        <Typography variant="subtitle2" noWrap data-testid="drawer-display-name" sx={{ lineHeight: 1.4 }}>
          {me.displayName}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div" data-testid="drawer-email">
          {me.email}
        </Typography>
        {collapsed ? null : <DrawerLineAccount lineName={me.lineName} />}
      </Box>
    </Box>
  );
}
