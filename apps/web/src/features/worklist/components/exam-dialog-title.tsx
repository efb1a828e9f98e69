import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ExamDialogTitleProps {
  id: string;
  title: ReactNode;
  /** Which exam the dialog is about: accession · patient, so nobody acts on the wrong row. */
  subtitle?: string;
  onClose?: () => void;
}

export function ExamDialogTitle({ id, title, subtitle, onClose }: ExamDialogTitleProps) {
  const { t } = useTranslation();
  return (
    <DialogTitle id={id} sx={{ pr: onClose ? 6 : 3, pb: subtitle ? 0.5 : 1.5 }}>
      <Box component="span" sx={{ display: 'block' }}>
        {title}
      </Box>
      {subtitle ? (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', fontWeight: 400 }}>
          {subtitle}
        </Typography>
      ) : null}
      {onClose ? (
        <IconButton
          aria-label={t('worklist.history.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 10, top: 10 }}
        >
          <CloseRounded fontSize="small" />
        </IconButton>
      ) : null}
    </DialogTitle>
  );
}
