import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useEnglish } from '../hooks/use-english';

/** Spec §2/§8: "No result" (ไม่พบข้อมูล) with a hint of what to change, never a blank panel. */
export function WorklistEmpty() {
  const { t } = useTranslation();
  const { english, inThai } = useEnglish();
  return (
    <Box
      data-testid="worklist-empty"
      role="status"
      sx={{
        py: 6,
        px: 3,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 0.75,
      }}
    >
      <Box
        sx={(theme) => ({
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: theme.palette.illustration.tint,
          color: 'primary.main',
          mb: 1,
        })}
      >
        <SearchOffRounded sx={{ fontSize: 32 }} />
      </Box>
      <Typography variant="subtitle1" component="p">
        {t('worklist.list.emptyTitle')}
        {inThai ? (
          <Typography component="span" lang="en" color="text.secondary" sx={{ ml: 1, fontWeight: 500 }}>
            {english('worklist.list.emptyTitle')}
          </Typography>
        ) : null}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 460 }}>
        {t('worklist.list.emptyHint')}
      </Typography>
    </Box>
  );
}
