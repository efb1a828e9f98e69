import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from '../lib/viewer-commands';

const KEY_NAMES: Record<string, string> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  ' ': 'Space',
};

/** The keyboard help panel (? or F1), generated from the same list the key handler uses. */
// Memoised: a closed dialog need not re-render with every slice change.
export const ShortcutHelp = memo(function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="shortcut-help">
      <DialogTitle>{t('viewer.help.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr auto 1fr', columnGap: 2, rowGap: 0.5 }}>
          {SHORTCUTS.map((s) => (
            <Box key={s.label} sx={{ display: 'contents' }}>
              <Typography component="kbd" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                {s.keys.map((k) => KEY_NAMES[k] ?? k.toUpperCase()).join(' / ')}
              </Typography>
              <Typography variant="body2">{t(`viewer.keys.${s.label}`)}</Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('viewer.help.mouse')}
        </Typography>
      </DialogContent>
    </Dialog>
  );
});
