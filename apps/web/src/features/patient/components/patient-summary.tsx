import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ageFromDisplay } from '../lib/day';
import type { PatientFormValues } from '../lib/patient-form-model';
import { hnLabel } from '@/lib/hn';

/** The patient form's heading as it is being filled: names, HN, gender, age and allergies. */
export function PatientSummary({
  values,
  hn,
}: {
  values: PatientFormValues;
  /** The saved patient's HN; null while the patient is new. */
  hn: string | null;
}) {
  const { t } = useTranslation();
  const age = values.unknownBirthDate ? values.age : (ageFromDisplay(values.birthDate)?.toString() ?? '');
  const displayName = [values.nameTH.prefix + values.nameTH.first, values.nameTH.middle, values.nameTH.last]
    .filter((s) => s.trim())
    .join(' ');
  return (
    <Box sx={{ flex: 1, minWidth: 240 }}>
      <Typography variant="overline" color="text.secondary">
        {hn !== null ? t('patient.form.editTitle') : t('patient.form.newTitle')}
      </Typography>
      <Typography variant="h5" component="h1" data-testid="patient-form-title" sx={{ lineHeight: 1.4 }}>
        {displayName || t('patient.form.unnamed')}
      </Typography>
      {values.nameEN.first ? (
        <Typography variant="body2" color="text.secondary">
          {[values.nameEN.prefix, values.nameEN.first, values.nameEN.middle, values.nameEN.last]
            .filter((s) => s.trim())
            .join(' ')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mt: 1 }}>
        {hn !== null ? <Chip size="small" label={hnLabel(hn)} /> : null}
        {values.gender !== 'Unknown' ? (
          <Chip size="small" variant="outlined" label={t(`patient.gender.${values.gender}`)} />
        ) : null}
        {age ? <Chip size="small" variant="outlined" label={t('patient.form.ageYears', { age })} /> : null}
        {values.hasAllergy && values.allergy.length ? (
          <Chip
            size="small"
            color="error"
            variant="outlined"
            label={t('patient.form.allergyChip', { list: values.allergy.join(', ') })}
          />
        ) : null}
      </Box>
    </Box>
  );
}
