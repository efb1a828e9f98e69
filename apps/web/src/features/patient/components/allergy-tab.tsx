import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { PatientFormData } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import type { PatientFormApi } from '../hooks/use-patient-form';
import { FieldLabel } from '@/components/field-label';
import { Cell, FormSection } from './form-section';

/** Tab 4, allergies: none, or a list from the server's allergy names and free text. */
export function AllergyTab({ form, formData }: { form: PatientFormApi; formData: PatientFormData }) {
  const { t } = useTranslation();
  const { values, update } = form;
  return (
    <FormSection title={t('patient.allergy.title')}>
      <Cell span={12}>
        <RadioGroup
          row
          aria-label={t('patient.allergy.title')}
          value={values.hasAllergy ? 'yes' : 'no'}
          onChange={(event) => update((v) => ({ ...v, hasAllergy: event.target.value === 'yes' }))}
        >
          <FormControlLabel value="no" control={<Radio size="small" />} label={t('patient.allergy.none')} />
          <FormControlLabel value="yes" control={<Radio size="small" />} label={t('patient.allergy.has')} />
        </RadioGroup>
      </Cell>
      {values.hasAllergy ? (
        <Cell span={12}>
          <FieldLabel htmlFor="patient-allergy">{t('patient.allergy.list')}</FieldLabel>
          <Autocomplete<string, true, false, true>
            id="patient-allergy"
            multiple
            freeSolo
            autoSelect
            options={formData.allergies.map((a) => a.name)}
            value={values.allergy}
            onChange={(_, next) =>
              update((v) => ({ ...v, allergy: [...new Set(next.map((a) => a.trim()).filter(Boolean))].slice(0, 50) }))
            }
            renderValue={(selected, getItemProps) =>
              selected.map((option, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} {...itemProps} label={option} size="small" color="error" variant="outlined" />;
              })
            }
            renderInput={(params) => <TextField {...params} placeholder={t('patient.allergy.placeholder')} />}
          />
        </Cell>
      ) : null}
    </FormSection>
  );
}
