import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { ReportContent, ReportExam } from '@rangsi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel } from '@/components/field-label';
import { createReportTemplate } from '../api/create-report-template';
import { examReportKey } from '../api/get-exam-report';

interface SaveTemplateDialogProps {
  exam: Pick<ReportExam, 'modality' | 'bodyPart'>;
  content: ReportContent;
  examId: string;
  reportName: string;
  onClose: () => void;
}

/** Keeps the current text as the reader's own template for this modality and body part. */
export function SaveTemplateDialog({ exam, content, examId, reportName, onClose }: SaveTemplateDialogProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      createReportTemplate({
        name: name.trim(),
        language: i18n.resolvedLanguage === 'en' ? 'en' : 'th',
        modalityCode: exam.modality,
        bodyPart: exam.bodyPart,
        content: {
          clinicalInformation: content.clinicalInformation,
          technique: content.technique,
          findings: content.findings,
          impression: content.impression,
        },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: examReportKey(examId, reportName) });
      onClose();
    },
  });
  const submit = () => {
    if (!name.trim()) {
      setError(true);
      return;
    }
    save.mutate();
  };
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      data-testid="save-template-dialog"
    >
      <DialogTitle>{t('report.template.saveTitle')}</DialogTitle>
      <DialogContent>
        <FieldLabel htmlFor="template-name" required>
          {t('report.template.name')}
        </FieldLabel>
        <TextField
          id="template-name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit();
          }}
          error={error}
          helperText={
            error ? t('report.template.nameRequired') : t('report.template.saveHint', { modality: exam.modality })
          }
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: 100 }, formHelperText: { sx: { mx: 0 } } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('report.confirm.no')}
        </Button>
        <Button variant="contained" onClick={submit} loading={save.isPending}>
          {t('report.template.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
