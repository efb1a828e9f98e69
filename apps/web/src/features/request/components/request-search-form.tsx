import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RequestSearch } from '@rangsi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayToIsoDay, isoDayToDisplay } from '@/lib/typed-day';

export interface SearchFields {
  startDate: string;
  endDate: string;
  accessionNumber: string;
  hn: string;
  nationalId: string;
  patientName: string;
  modalityCode: string;
}

/** Turns the typed fields into the search payload; null with the field in error when a date is unreadable. */
export function toSearch(f: SearchFields): { search: RequestSearch } | { error: 'startDate' | 'endDate' } {
  const start = f.startDate ? displayToIsoDay(f.startDate) : undefined;
  if (start === null) return { error: 'startDate' };
  const end = f.endDate ? displayToIsoDay(f.endDate) : undefined;
  if (end === null) return { error: 'endDate' };
  const text = (s: string) => s.trim() || undefined;
  return {
    search: {
      startDate: start,
      endDate: end,
      accessionNumber: text(f.accessionNumber),
      hn: text(f.hn),
      nationalId: text(f.nationalId),
      patientName: text(f.patientName),
      modalityCode: text(f.modalityCode),
    },
  };
}

export function initialFields(startIso: string, endIso: string): SearchFields {
  return {
    startDate: isoDayToDisplay(startIso),
    endDate: isoDayToDisplay(endIso),
    accessionNumber: '',
    hn: '',
    nationalId: '',
    patientName: '',
    modalityCode: '',
  };
}

const MODALITIES = ['CT', 'MR', 'CR', 'DX', 'US', 'MG'];

/** The request search panel (spec §3 Request search condition). */
export function RequestSearchForm({
  initial,
  onSearch,
  secondsLeft,
  busy,
}: {
  initial: SearchFields;
  onSearch: (s: RequestSearch) => void;
  secondsLeft: number;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof SearchFields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [k]: e.target.value }));
    // A message goes once its field is changed (issue 26 item 4); Search checks again.
    setError((current) => (current === k ? null : current));
  };
  const submit = () => {
    const r = toSearch(fields);
    if ('error' in r) {
      setError(r.error);
      return;
    }
    setError(null);
    onSearch(r.search);
  };
  const field = (k: keyof SearchFields, extra: object = {}) => (
    <TextField
      key={k}
      id={`request-search-${k}`}
      size="small"
      label={t(`request.search.${k}`)}
      value={fields[k]}
      onChange={set(k)}
      error={error === k}
      helperText={error === k ? t('request.search.badDate') : undefined}
      slotProps={{ inputLabel: { shrink: true } }}
      {...extra}
    />
  );
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label={t('request.search.panel')}
      sx={{ p: 1.5 }}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="request-search-form"
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(4, minmax(0, 1fr)) repeat(3, minmax(0, 1fr)) auto',
          gap: 1.25,
          alignItems: 'start',
        }}
      >
        {field('startDate', { placeholder: t('app.datePlaceholder') })}
        {field('endDate', { placeholder: t('app.datePlaceholder') })}
        {field('accessionNumber')}
        {field('hn')}
        {field('nationalId')}
        {field('patientName')}
        {field('modalityCode', {
          select: true,
          slotProps: { inputLabel: { shrink: true }, select: { displayEmpty: true } },
          children: [
            <MenuItem key="" value="">
              {t('request.search.all')}
            </MenuItem>,
            ...MODALITIES.map((m) => (
              <MenuItem key={m} value={m}>
                {m}
              </MenuItem>
            )),
          ],
        })}
        <Button
          type="submit"
          variant="contained"
          startIcon={<SearchRounded />}
          disabled={busy}
          data-testid="request-search-submit"
        >
          {t('request.search.submit')}
        </Button>
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', mt: 0.5, fontVariantNumeric: 'tabular-nums' }}
        data-testid="request-refresh-countdown"
      >
        {t('request.search.autoRefresh', { seconds: secondsLeft })}
      </Typography>
    </Paper>
  );
}
