import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { RequestCondition } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import { BLOOD_DATES } from '../lib/request-draft';
import { FormSection } from './form-section';
import type { ResearchEntry } from './research-project-dialog';
import { ResearchProjectField } from './research-project-field';

const BLOOD_DATE_LABELS = {
  blood_test_date_bun: 'bloodBun',
  blood_test_date_creatinine: 'bloodCreatinine',
  blood_test_date_egfr: 'bloodEgfr',
} as const;

/** The first block of the request form: weight, height, kidney values with the estimated eGFR, research, blood test dates. */
export function LabValuesSection({
  values,
  onField,
  autoEgfr,
  egfrHelp,
  researchProjects,
  research,
  onResearch,
}: {
  values: Record<string, string>;
  onField: (key: string, value: string) => void;
  autoEgfr: number | null;
  egfrHelp: string | undefined;
  researchProjects: RequestCondition['researchProjects'];
  research: ResearchEntry;
  onResearch: (research: ResearchEntry) => void;
}) {
  const { t } = useTranslation();
  const text = (key: string, label: string, extra: object = {}) => (
    <TextField
      size="small"
      label={label}
      value={values[key] ?? ''}
      onChange={(e) => onField(key, e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `field-${key}` } }}
      {...extra}
    />
  );
  return (
    <FormSection>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', gap: 1.25 }}>
        {text('weight', t('request.form.weight'), { inputMode: 'decimal' })}
        {text('height', t('request.form.height'))}
        {text('bun', t('request.form.bun'))}
        {text('creatinine', t('request.form.creatinine'))}
        {text('egfr', t('request.form.egfr'), {
          placeholder: autoEgfr !== null ? String(autoEgfr) : '',
          helperText: egfrHelp,
        })}
        <ResearchProjectField projects={researchProjects} value={research} onChange={onResearch} />
        {BLOOD_DATES.map((k) =>
          text(k, t(`request.form.${BLOOD_DATE_LABELS[k]}`), { key: k, placeholder: t('app.datePlaceholder') }),
        )}
      </Box>
    </FormSection>
  );
}
