import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { PatientFormData } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import type { PatientFormApi } from '../hooks/use-patient-form';
import type { ContactForm } from '../lib/patient-form-model';
import { FieldLabel } from '@/components/field-label';
import { Cell, FormSection } from './form-section';
import { FormText } from './form-text';

/** Tab 1, family history by relationship (spec §3 Contact: relationship, first and last name, occupation). */
export function FamilyTab({ form, formData }: { form: PatientFormApi; formData: PatientFormData }) {
  const { t } = useTranslation();
  const { values, update } = form;
  const contacts = values.contacts;

  const change = (index: number, patch: Partial<ContactForm>) =>
    update((v) => ({ ...v, contacts: v.contacts.map((c, i) => (i === index ? { ...c, ...patch } : c)) }));
  const add = () =>
    update((v) => ({
      ...v,
      contacts: [
        ...v.contacts,
        { relationship: formData.relationship[0]?.name ?? '', firstName: '', lastName: '', occupation: '' },
      ],
    }));
  const remove = (index: number) => update((v) => ({ ...v, contacts: v.contacts.filter((_, i) => i !== index) }));

  return (
    <FormSection
      title={t('patient.family.title')}
      action={
        <Button size="small" startIcon={<AddRounded />} onClick={add} data-testid="family-add">
          {t('patient.family.add')}
        </Button>
      }
    >
      {contacts.length === 0 ? (
        <Cell span={12}>
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {t('patient.family.empty')}
          </Typography>
        </Cell>
      ) : (
        contacts.map((c, index) => (
          // Rows have no id of their own; their position is their identity while the form is open.
          <Box key={index} sx={{ display: 'contents' }} data-testid="family-row">
            <Cell span={3}>
              <FieldLabel htmlFor={`patient-contacts-${index}-relationship`}>
                {t('patient.family.relationship')}
              </FieldLabel>
              <TextField
                id={`patient-contacts-${index}-relationship`}
                select
                fullWidth
                value={c.relationship}
                onChange={(event) => change(index, { relationship: event.target.value })}
              >
                {formData.relationship.map((r) => (
                  <MenuItem key={r.id} value={r.name}>
                    {r.name}
                  </MenuItem>
                ))}
                {c.relationship && !formData.relationship.some((r) => r.name === c.relationship) ? (
                  <MenuItem value={c.relationship}>{c.relationship}</MenuItem>
                ) : null}
              </TextField>
            </Cell>
            <Cell span={3}>
              <FormText
                id={`patient-contacts-${index}-firstName`}
                label={t('patient.form.name.first')}
                value={c.firstName}
                onChange={(text) => change(index, { firstName: text })}
              />
            </Cell>
            <Cell span={3}>
              <FormText
                id={`patient-contacts-${index}-lastName`}
                label={t('patient.form.name.last')}
                value={c.lastName}
                onChange={(text) => change(index, { lastName: text })}
              />
            </Cell>
            <Cell span={3}>
              <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <FormText
                    id={`patient-contacts-${index}-occupation`}
                    label={t('patient.form.occupation')}
                    value={c.occupation}
                    onChange={(text) => change(index, { occupation: text })}
                  />
                </Box>
                <Tooltip title={t('patient.family.remove')}>
                  <IconButton aria-label={t('patient.family.remove')} onClick={() => remove(index)} sx={{ mb: 0.5 }}>
                    <DeleteOutlineRounded fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            </Cell>
          </Box>
        ))
      )}
    </FormSection>
  );
}
