import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '@/api/site';
import { LineIcon } from '@/components/brand/line-icon';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useLineLinkedListener, useUnlinkLine } from './use-line-account';

/**
 * Spec §1: the linked chat account (with a way to unlink it), or — when not linked and the site offers it — a way to
 * open the LINE login dialog. Shows nothing otherwise.
 */
export function DrawerLineAccount({ lineName }: { lineName: string | null }) {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const unlink = useUnlinkLine();
  const [confirming, setConfirming] = useState(false);
  useLineLinkedListener();

  if (lineName) {
    return (
      <Box data-testid="drawer-line" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, minWidth: 0 }}>
        <LineIcon sx={{ fontSize: 16, color: 'brand.line' }} />
        <Typography variant="caption" noWrap sx={{ fontWeight: 500, minWidth: 0 }} data-testid="drawer-line-name">
          {t('shell.lineLinked', { name: lineName })}
        </Typography>
        <Tooltip title={t('shell.lineUnlink')}>
          <IconButton
            size="small"
            aria-label={t('shell.lineUnlink')}
            data-testid="drawer-line-unlink"
            onClick={() => setConfirming(true)}
            sx={{ p: 0.25, ml: 'auto', color: 'text.secondary' }}
          >
            <LinkOffRounded sx={{ fontSize: 16 }} />
          </IconButton>
        </Tooltip>
        <ConfirmDialog
          open={confirming}
          title={t('shell.lineUnlinkTitle')}
          text={t('shell.lineUnlinkText', { name: lineName })}
          confirmLabel={t('shell.lineUnlinkConfirm')}
          cancelLabel={t('shell.lineUnlinkCancel')}
          danger
          pending={unlink.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => unlink.mutate(undefined, { onSettled: () => setConfirming(false) })}
          testId="line-unlink-confirm"
        />
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
        // A small dialog window, as LINE's login expects, that can tell this window when it linked; the link itself
        // still works if popups are blocked.
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
