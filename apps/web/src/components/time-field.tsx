import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bangkokTimeNow, stepTime, tidyTypedTime } from '@/lib/typed-time';

export interface TimeFieldProps {
  label: string;
  /** HH:mm, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** Minutes between the times offered (spec §9: 5 for exam times, 10 for appointments). */
  step: number;
  testId: string;
  /** A message of the form about this field (an end before its start); the field's own format message comes first. */
  error?: string;
  /** Fixed width in px; without it the field fills its grid cell. */
  width?: number;
}

/**
 * A time of day typed as HH:mm (24-hour, spec §9) instead of picked from a list of up to 288 entries: "930" becomes
 * 09:30 on leaving the field, ArrowUp/ArrowDown move by the step, and the clock button sets the time now. A list
 * was the slowest thing at the desk for a walk-in (issue 26 item 3).
 */
export function TimeField({ label, value, onChange, step, testId, error, width }: TimeFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [bad, setBad] = useState(false);
  // The draft changed from outside (a default, a reset, the clock button): show it.
  useEffect(() => {
    setText(value);
    setBad(false);
  }, [value]);

  const commit = (typed: string) => {
    if (typed.trim() === '') {
      setBad(false);
      if (value !== '') onChange('');
      return;
    }
    const tidy = tidyTypedTime(typed, step);
    setBad(tidy === null);
    if (tidy === null) return;
    setText(tidy);
    if (tidy !== value) onChange(tidy);
  };
  const message = bad ? t('timeField.invalid') : error;

  return (
    <TextField
      size="small"
      label={label}
      value={text}
      placeholder={t('timeField.placeholder')}
      onChange={(e) => {
        setText(e.target.value);
        setBad(false);
      }}
      onBlur={() => commit(text)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(text);
        if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
        e.preventDefault();
        const from = tidyTypedTime(text, step) ?? bangkokTimeNow(step);
        const next = text.trim() === '' ? from : stepTime(from, step, e.key === 'ArrowUp' ? 1 : -1);
        setText(next);
        setBad(false);
        onChange(next);
      }}
      error={Boolean(message)}
      helperText={message}
      sx={width ? { width } : undefined}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId, inputMode: 'numeric', maxLength: 5, autoComplete: 'off' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('timeField.now')}>
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={t('timeField.now')}
                  onClick={() => onChange(bangkokTimeNow(step))}
                >
                  <ScheduleRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
