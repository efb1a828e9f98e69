import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '@/api/site';
import { LineIcon } from '@/components/brand/line-icon';

/**
 * Spec §1: the linked chat account, or — when not linked and the site offers it — a way to open the
 * LINE login dialog. Shows nothing otherwise.
 */
export function DrawerLineAccount({ lineName }: { lineName: string | null }) {
  const { t } = useTranslation();
  const site = useSiteConfig();

  if (lineName) {
    return (
      <Box data-testid="drawer-line" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, minWidth: 0 }}>
        <LineIcon sx={{ fontSize: 16, color: 'brand.line' }} />
        <Typography variant="caption" noWrap sx={{ fontWeight: 500 }}>
          {t('shell.lineLinked', { name: lineName })}
        </Typography>
      </Box>
    );
  }

  const dialogUrl = site.data?.lineLoginDialogUrl;
  if (!dialogUrl) return null;

  return (
    <Button
      size="small"
      href={dialogUrl}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="drawer-line-login"
      startIcon={<LineIcon sx={{ color: 'brand.line' }} />}
      onClick={(event) => {
        // A small dialog window, as LINE's login expects; the link itself still works if popups are blocked.
        if (window.open(dialogUrl, 'rangsi-line-login', 'popup,width=480,height=680')) event.preventDefault();
      }}
      sx={{
        mt: 0.5,
        ml: -0.5,
        px: 0.75,
        py: 0,
        minHeight: 26,
        fontSize: '0.78rem',
        fontWeight: 500,
        color: 'text.secondary',
      }}
    >
      {t('shell.lineLink')}
    </Button>
  );
}
