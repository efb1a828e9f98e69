import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import type { Exam } from '@rangsi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateInformation, type ExamUpdateInformationAnswer } from '../api/get-update-information';
import { useUpdateExamInformation } from '../api/update-exam-information';
import { announceSuccess } from '../hooks/use-success-snackbar';
import { DateField } from '@/components/date-field';
import { ExamDialogTitle } from './exam-dialog-title';
import { FieldLabel } from '@/components/field-label';
import { displayToIsoDay, isoDayToDisplay } from '@/lib/typed-day';

interface EditExamDialogProps {
  exam: Exam;
  onClose: () => void;
}

/** Spec §2 Edit Exam Information: the exam's own copy of the patient's name and birth date (getUpdateInformation, then update). */
export function EditExamDialog({ exam, onClose }: EditExamDialogProps) {
  const { t } = useTranslation();
  const info = useUpdateInformation(exam.examId);
  const titleId = 'edit-exam-title';
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId} data-testid="edit-exam-dialog">
      <ExamDialogTitle
        id={titleId}
        title={t('worklist.edit.title')}
        subtitle={t('worklist.documents.subtitle', {
          accession: exam.accessionNumber ?? '—',
          patient: exam.patientName,
        })}
        onClose={onClose}
      />
      {info.isSuccess ? (
        <EditExamForm exam={exam} initial={info.data} onClose={onClose} />
      ) : (
        <DialogContent>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={56} />
          ))}
        </DialogContent>
      )}
    </Dialog>
  );
}

type Field = 'prefixName' | 'firstName' | 'middleName' | 'lastName' | 'suffixName';

function EditExamForm({
  exam,
  initial,
  onClose,
}: {
  exam: Exam;
  initial: ExamUpdateInformationAnswer;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateExamInformation();
  const [values, setValues] = useState<Record<Field, string>>({
    prefixName: initial.prefixName ?? '',
    firstName: initial.firstName,
    middleName: initial.middleName ?? '',
    lastName: initial.lastName ?? '',
    suffixName: initial.suffixName ?? '',
  });
  const [birthDate, setBirthDate] = useState(initial.birthDate ? isoDayToDisplay(initial.birthDate) : '');
  const [errors, setErrors] = useState<{ firstName?: string; birthDate?: string }>({});

  const submit = () => {
    const isoBirthDate = birthDate.trim() ? displayToIsoDay(birthDate) : null;
    const nextErrors = {
      firstName: values.firstName.trim() ? undefined : t('worklist.edit.required'),
      birthDate: birthDate.trim() && !isoBirthDate ? t('worklist.search.invalidDate') : undefined,
    };
    setErrors(nextErrors);
    if (nextErrors.firstName || nextErrors.birthDate) {
      document.getElementById(nextErrors.firstName ? 'edit-firstName' : 'edit-birthDate')?.focus();
      return;
    }
    const orNull = (v: string) => v.trim() || null;
    update.mutate(
      {
        exam,
        information: {
          firstName: values.firstName.trim(),
          prefixName: orNull(values.prefixName),
          middleName: orNull(values.middleName),
          lastName: orNull(values.lastName),
          suffixName: orNull(values.suffixName),
          birthDate: isoBirthDate,
        },
      },
      {
        onSuccess: (row) => {
          announceSuccess(t('worklist.done.edit', { accession: row.accessionNumber ?? '—' }));
          onClose();
        },
      },
    );
  };

  const field = (name: Field, required = false) => (
    <Box sx={{ minWidth: 0 }}>
      <FieldLabel htmlFor={`edit-${name}`} required={required}>
        {t(`worklist.edit.${name}`)}
      </FieldLabel>
      <TextField
        id={`edit-${name}`}
        value={values[name]}
        onChange={(event) => {
          setValues((previous) => ({ ...previous, [name]: event.target.value }));
          if (name === 'firstName') setErrors((previous) => ({ ...previous, firstName: undefined }));
        }}
        error={name === 'firstName' && Boolean(errors.firstName)}
        helperText={name === 'firstName' ? errors.firstName : undefined}
        fullWidth
        slotProps={{
          htmlInput: { maxLength: name === 'prefixName' || name === 'suffixName' ? 50 : 100 },
          formHelperText: { sx: { mx: 0 } },
        }}
      />
    </Box>
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogContent
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', gap: 1.5, pt: '8px !important' }}
      >
        <Box sx={{ gridColumn: 'span 2' }}>{field('prefixName')}</Box>
        <Box sx={{ gridColumn: 'span 4' }}>{field('firstName', true)}</Box>
        <Box sx={{ gridColumn: 'span 3' }}>{field('middleName')}</Box>
        <Box sx={{ gridColumn: 'span 3' }}>{field('lastName')}</Box>
        <Box sx={{ gridColumn: 'span 3' }}>{field('suffixName')}</Box>
        <Box sx={{ gridColumn: 'span 3' }}>
          <DateField
            id="edit-birthDate"
            label={t('worklist.edit.birthDate')}
            placeholder={t('worklist.search.datePlaceholder')}
            calendarLabel={t('worklist.search.openCalendar')}
            value={birthDate}
            onChange={(value) => {
              setBirthDate(value);
              setErrors((previous) => ({ ...previous, birthDate: undefined }));
            }}
            error={errors.birthDate}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={update.isPending}>
          {t('worklist.edit.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={update.isPending}
          startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="edit-save"
        >
          {t('worklist.edit.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}
