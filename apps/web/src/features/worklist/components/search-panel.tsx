import SearchRounded from '@mui/icons-material/SearchRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordCondition } from '../api/get-record-condition';
import { useEnglish } from '../hooks/use-english';
import type { WorklistFilterField, WorklistFiltersState } from '../hooks/use-worklist-filters';
import { QUICK_RANGE_DAYS } from '../lib/constants';
import { AutoRefreshControl } from './auto-refresh-control';
import { BilingualText } from './bilingual-text';
import { DateField } from '@/components/date-field';
import { FieldLabel } from '@/components/field-label';

interface SearchPanelProps {
  state: WorklistFiltersState;
  searching: boolean;
}

const fieldId = (field: WorklistFilterField) => `worklist-${field}`;

type TextFieldName = Exclude<
  WorklistFilterField,
  'examFromDate' | 'examToDate' | 'studyDateFrom' | 'studyDateTo' | 'modalityCode'
>;

/** Spec §2 search panel: simple fields, the advanced ones behind the toggle, quick ranges, Search, Auto Refresh. */
export function SearchPanel({ state, searching }: SearchPanelProps) {
  const { t } = useTranslation();
  const { english, inThai } = useEnglish();
  const conditions = useRecordCondition();
  const { filters, problems, advanced, setField } = state;

  const problemText = (field: WorklistFilterField) => {
    const problem = problems[field];
    return problem ? t(`worklist.search.${problem}`) : undefined;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!state.submit()) focusFirstProblem();
  };

  // Times are typed as 24-hour HH:mm text: a time input would show the browser's own (often 12-hour) format.
  const text = (field: TextFieldName, label: string, kind: 'text' | 'time' = 'text') => (
    <Box sx={{ minWidth: 0 }}>
      <FieldLabel htmlFor={fieldId(field)}>{label}</FieldLabel>
      <TextField
        id={fieldId(field)}
        value={filters[field]}
        onChange={(event) => setField(field, event.target.value)}
        fullWidth
        autoComplete="off"
        placeholder={kind === 'time' ? t('app.timePlaceholder') : undefined}
        error={Boolean(problemText(field))}
        helperText={problemText(field)}
        slotProps={{
          htmlInput: {
            maxLength: kind === 'time' ? 5 : 100,
            inputMode: kind === 'time' ? 'numeric' : undefined,
            'data-testid': `${fieldId(field)}-input`,
          },
        }}
      />
    </Box>
  );

  const date = (field: 'examFromDate' | 'examToDate' | 'studyDateFrom' | 'studyDateTo', label: string) => (
    <DateField
      id={fieldId(field)}
      label={label}
      value={filters[field]}
      onChange={(value) => setField(field, value)}
      error={problemText(field)}
      placeholder={t('worklist.search.datePlaceholder')}
      calendarLabel={t('worklist.search.openCalendar')}
    />
  );

  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={onSubmit}
      noValidate
      role="search"
      aria-label={t('worklist.search.panelLabel')}
      data-testid="worklist-search"
      sx={{ px: 2, pt: 1.25, pb: 1.25 }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 1.25,
          alignItems: 'end',
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
            lg: '142px 142px auto minmax(0, 1fr) minmax(0, 0.8fr) minmax(0, 1.2fr) minmax(0, 1.2fr)',
          },
        }}
      >
        {date('examFromDate', t('worklist.search.fromDate'))}
        {date('examToDate', t('worklist.search.toDate'))}
        <Box sx={{ display: 'flex', gap: 0.75, pb: problems.examFromDate || problems.examToDate ? 2.75 : 0 }}>
          {QUICK_RANGE_DAYS.map((days) => (
            <Tooltip
              key={days}
              title={t(days === 7 ? 'worklist.search.last7DaysHint' : 'worklist.search.last14DaysHint')}
            >
              <Button
                variant="outlined"
                size="small"
                onClick={() => state.quickRange(days)}
                data-testid={`quick-range-${days}`}
                sx={{ height: 40, minWidth: 0, px: 1.25, whiteSpace: 'nowrap' }}
              >
                {t(days === 7 ? 'worklist.search.last7Days' : 'worklist.search.last14Days')}
              </Button>
            </Tooltip>
          ))}
        </Box>
        {text('accessionNumber', t('worklist.search.accessionNumber'))}
        {text('hospitalNumber', t('worklist.search.hospitalNumber'))}
        {text('patientName', t('worklist.search.patientName'))}
        <Box sx={{ minWidth: 0 }}>
          <FieldLabel id="worklist-modality-label" htmlFor={fieldId('modalityCode')}>
            {t('worklist.search.modality')}
          </FieldLabel>
          <TextField
            id={fieldId('modalityCode')}
            select
            value={filters.modalityCode}
            onChange={(event) => setField('modalityCode', event.target.value)}
            fullWidth
            slotProps={{
              select: {
                labelId: 'worklist-modality-label',
                displayEmpty: true,
                renderValue: (value) =>
                  modalityText(value as string, conditions.data?.modality, t('worklist.search.modalityAll')),
                MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
                SelectDisplayProps: { 'data-testid': 'worklist-modality-select' } as object,
              },
            }}
          >
            <MenuItem value="">{t('worklist.search.modalityAll')}</MenuItem>
            {conditions.data?.modality.map((m) => (
              <MenuItem key={m.key} value={m.key} data-testid={`modality-option-${m.key}`}>
                {`${m.key}: ${m.value}`}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </Box>

      <Collapse in={advanced} unmountOnExit>
        <Box
          data-testid="worklist-advanced"
          sx={{
            display: 'grid',
            gap: 1.25,
            mt: 1.25,
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(3, minmax(0, 1fr))',
              lg: 'repeat(5, minmax(0, 1fr))',
            },
          }}
        >
          {text('patientId', t('worklist.search.patientId'))}
          {text('issuerOfPatientId', t('worklist.search.issuerOfPatientId'))}
          {text('referringPhysicianId', t('worklist.search.referringPhysicianId'))}
          {text('institutionalDepartment', t('worklist.search.institutionalDepartment'))}
          {text('sendingApplication', t('worklist.search.sendingApplication'))}
          {date('studyDateFrom', t('worklist.search.studyDateFrom'))}
          {date('studyDateTo', t('worklist.search.studyDateTo'))}
          {text('studyTimeFrom', t('worklist.search.studyTimeFrom'), 'time')}
          {text('studyTimeTo', t('worklist.search.studyTimeTo'), 'time')}
        </Box>
      </Collapse>

      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1.25 }}>
        <Button
          type="submit"
          variant="contained"
          // Never disabled: pressing Search again is how staff ask for fresh rows; the spinner shows it is working.
          startIcon={searching ? <CircularProgress size={18} color="inherit" /> : <SearchRounded />}
          data-testid="worklist-search-submit"
          sx={{ minWidth: 132, height: 36 }}
        >
          <BilingualText
            text={t('worklist.search.submit')}
            english={inThai ? english('worklist.search.submit') : undefined}
          />
        </Button>
        <Button
          variant="text"
          startIcon={<TuneRounded />}
          onClick={() => state.setAdvanced(!advanced)}
          aria-expanded={advanced}
          data-testid="worklist-advanced-toggle"
          sx={{ height: 36 }}
        >
          {advanced ? (
            <BilingualText
              text={t('worklist.search.simple')}
              english={inThai ? english('worklist.search.simple') : undefined}
            />
          ) : (
            <BilingualText
              text={t('worklist.search.advanced')}
              english={inThai ? english('worklist.search.advanced') : undefined}
            />
          )}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <AutoRefreshControl lastRunAt={state.run.runAt} rerun={state.rerun} />
      </Box>
    </Paper>
  );
}

/** Spec §2: modality options read "key: value"; the empty choice is All. */
function modalityText(value: string, options: { key: string; value: string }[] | undefined, allLabel: string): string {
  if (!value) return allLabel;
  const option = options?.find((m) => m.key === value);
  return option ? `${option.key}: ${option.value}` : value;
}

/** UI guide: focus moves to the first field in error. */
function focusFirstProblem(): void {
  window.requestAnimationFrame(() => {
    const input = document.querySelector<HTMLInputElement>(
      '[data-testid="worklist-search"] input[aria-invalid="true"]',
    );
    input?.focus();
  });
}
