import PictureAsPdfRounded from '@mui/icons-material/PictureAsPdfRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReportField } from '@rangsi/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel } from '@/components/field-label';
import { monthChoices, monthLabel, submitValues, type FieldProblem, type FormValues } from '../lib/report-form';
import { DateField } from '@/components/date-field';

const KNOWN_FIELDS = [
  'day',
  'branchId',
  'startDate',
  'endDate',
  'startMonth',
  'endMonth',
  'period',
  'doctorId',
  'new',
] as const;
type KnownField = (typeof KNOWN_FIELDS)[number];
const isKnown = (name: string): name is KnownField => (KNOWN_FIELDS as readonly string[]).includes(name);

interface ReportParameterFormProps {
  fields: readonly ReportField[];
  initial: FormValues;
  busy: boolean;
  onSubmit: (values: FormValues) => void;
}

/** The parameters of one report (spec §2 Report screens), laid out in a row above the frame; Enter or the button shows it. */
export function ReportParameterForm({ fields, initial, busy, onSubmit }: ReportParameterFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, FieldProblem>>({});
  const label = (name: string) => (isKnown(name) ? t(`reportViewer.fields.${name}`) : name);
  const set = (name: string) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // A field's message goes once it is changed (issue 26 item 4); showing the report checks again.
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  };
  const problem = (name: string) => (errors[name] ? t(`reportViewer.problems.${errors[name]}`) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = submitValues(fields, values);
    if ('errors' in result) {
      setErrors(result.errors);
      const first = fields.find((f) => result.errors[f.name]);
      if (first) document.getElementById(`report-field-${first.name}`)?.focus();
      return;
    }
    setErrors({});
    onSubmit(result.values);
  };

  const visible = fields.filter((f) => f.kind !== 'hidden');

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('reportViewer.parameters')}
      data-testid="report-parameters"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        gap: 1.5,
        px: 2,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      {visible.map((f) => {
        const id = `report-field-${f.name}`;
        switch (f.kind) {
          case 'date':
            return (
              <Box key={f.name} sx={{ width: 170 }}>
                <DateField
                  id={id}
                  size="small"
                  label={label(f.name)}
                  value={values[f.name] ?? ''}
                  onChange={set(f.name)}
                  error={problem(f.name)}
                  required={f.required}
                  placeholder={t('reportViewer.datePlaceholder')}
                  calendarLabel={t('reportViewer.openCalendar')}
                />
              </Box>
            );
          case 'month':
          case 'branch':
          case 'doctor':
          case 'select': {
            const options =
              f.kind === 'month'
                ? monthChoices(new Date(), values[f.name] ?? '').map((m) => ({ value: m, label: monthLabel(m) }))
                : (f.options ?? []);
            const emptyLabel =
              f.kind === 'branch'
                ? t('reportViewer.allBranches')
                : f.kind === 'doctor'
                  ? t('reportViewer.allDoctors')
                  : t('reportViewer.notChosen');
            return (
              <Box key={f.name} sx={{ width: f.kind === 'month' ? 140 : 240 }}>
                <FieldLabel htmlFor={id} required={f.required}>
                  {label(f.name)}
                </FieldLabel>
                <TextField
                  id={id}
                  select
                  size="small"
                  fullWidth
                  value={values[f.name] ?? ''}
                  onChange={(e) => set(f.name)(e.target.value)}
                  error={Boolean(errors[f.name])}
                  helperText={problem(f.name)}
                  slotProps={{ select: { displayEmpty: true, inputProps: { 'data-testid': `${id}-select` } } }}
                >
                  {f.required ? null : <MenuItem value="">{emptyLabel}</MenuItem>}
                  {options.map((o) => (
                    <MenuItem key={o.value} value={o.value}>
                      {o.label}
                    </MenuItem>
                  ))}
                </TextField>
              </Box>
            );
          }
          case 'checkbox':
            return (
              <FormControlLabel
                key={f.name}
                sx={{ mt: 2.5 }}
                label={label(f.name)}
                control={
                  <Checkbox
                    id={id}
                    checked={values[f.name] === 'true'}
                    onChange={(e) => set(f.name)(e.target.checked ? 'true' : '')}
                  />
                }
              />
            );
          case 'hidden':
            return null;
        }
      })}
      <Button
        type="submit"
        variant="contained"
        startIcon={<PictureAsPdfRounded />}
        disabled={busy}
        sx={{ mt: visible.length > 0 ? 2.6 : 0 }}
        data-testid="report-show"
      >
        {t('reportViewer.show')}
      </Button>
    </Box>
  );
}
