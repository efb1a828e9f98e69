import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { NamePrefix } from '../lib/prefix-pairing';
import { FieldLabel } from '@/components/field-label';

interface PrefixFieldProps {
  id: string;
  label: string;
  language: 'th' | 'en';
  prefixes: readonly NamePrefix[];
  value: string;
  /** `picked`: chosen from the list (pairs the other language, spec §5); false: typed by hand. */
  onChange: (value: string, picked: boolean) => void;
  disabled?: boolean;
}

/** A name prefix from the server's list, grouped (ทั่วไป, วิชาชีพ, ทหาร…), or typed freely for a rare one. */
export function PrefixField({ id, label, language, prefixes, value, onChange, disabled }: PrefixFieldProps) {
  const { t } = useTranslation();
  const text = (p: NamePrefix) => (language === 'th' ? p.th : p.en);
  const options = prefixes.map(text);
  const groupOf = new Map(prefixes.map((p) => [text(p), language === 'th' ? p.group : p.groupEn]));
  return (
    <>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Autocomplete<string, false, false, true>
        id={id}
        freeSolo
        forcePopupIcon
        autoSelect
        autoHighlight={false}
        disabled={disabled}
        options={options}
        groupBy={(option) => groupOf.get(option) ?? ''}
        value={value || null}
        onChange={(_, next) => onChange(next ?? '', next !== null && options.includes(next))}
        renderInput={(params) => <TextField {...params} placeholder={t('patient.form.prefixPlaceholder')} />}
        slotProps={{ listbox: { sx: { maxHeight: 320 } }, popper: { sx: { minWidth: 220 } } }}
      />
    </>
  );
}
