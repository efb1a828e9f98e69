import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnglish } from '../hooks/use-english';
import { BilingualText } from './bilingual-text';

interface CompletedSectionProps {
  count: number;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** Spec §2: a Doctor's completed records wait in a collapsed section (Show / Hide completed records). */
export function CompletedSection({ count, open, onToggle, children }: CompletedSectionProps) {
  const { t } = useTranslation();
  const { english, inThai } = useEnglish();
  const key = open ? 'worklist.list.hideCompleted' : 'worklist.list.showCompleted';
  return (
    <Box data-testid="completed-section" sx={{ borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5 }}>
        <Button
          onClick={onToggle}
          aria-expanded={open}
          aria-controls="worklist-completed"
          startIcon={open ? <ExpandLessRounded /> : <ExpandMoreRounded />}
          data-testid="completed-toggle"
          disabled={count === 0}
          size="small"
        >
          <BilingualText text={t(key)} english={inThai ? english(key) : undefined} />
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {count > 0 ? t('worklist.list.completedCount', { count }) : t('worklist.list.completedEmpty')}
        </Typography>
      </Box>
      <Collapse in={open && count > 0} id="worklist-completed" unmountOnExit>
        {children}
      </Collapse>
    </Box>
  );
}
