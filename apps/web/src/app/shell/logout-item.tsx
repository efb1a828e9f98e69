import LogoutRounded from '@mui/icons-material/LogoutRounded';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { logOff } from '@/api/log-off';
import { leaveForLogOn } from '@/api/log-on-redirect';
import { clearReadableCookies } from '@/lib/clear-readable-cookies';

/**
 * Spec §1: Log out clears all cookies and goes to /Member/LogOn. The server revokes the session and
 * clears the HttpOnly cookie; the rest are cleared here. The user leaves even if the server could not be
 * reached: staying "logged in" on a shared workstation is the worse failure.
 */
export function LogoutItem({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const logout = useMutation({
    mutationFn: logOff,
    meta: { errorAlert: false },
    onSettled: () => {
      clearReadableCookies();
      leaveForLogOn();
    },
  });
  const busy = logout.isPending || logout.isSuccess;
  const label = busy ? t('shell.loggingOut') : t('shell.logout');

  const button = (
    <ListItemButton
      onClick={() => logout.mutate()}
      disabled={busy}
      data-testid="logout"
      aria-label={collapsed ? label : undefined}
      sx={{ minHeight: 40, px: 1.5 }}
    >
      <ListItemIcon sx={{ minWidth: 36, color: 'text.secondary' }}>
        {busy ? <CircularProgress size={18} /> : <LogoutRounded fontSize="small" />}
      </ListItemIcon>
      <ListItemText
        primary={label}
        sx={{ my: 0, opacity: collapsed ? 0 : 1 }}
        slotProps={{ primary: { noWrap: true, sx: { fontSize: '0.9rem', fontWeight: 500 } } }}
      />
    </ListItemButton>
  );

  return collapsed ? (
    <Tooltip title={label} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}
