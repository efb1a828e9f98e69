import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Picked } from '../lib/request-draft';

type Option = { id: number; name: string } | { add: string; name: string };
const filter = createFilterOptions<Option>();

/** A picker that also takes free text, offered as เพิ่ม "text" (spec §5 send-doctor and building pickers). */
export function FreeTextPicker({
  id,
  label,
  options,
  value,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  options: { id: number; name: string }[];
  value: Picked;
  onChange: (v: Picked) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const current: Option | null =
    value === null
      ? null
      : 'id' in value
        ? { id: value.id, name: value.name || options.find((o) => o.id === value.id)?.name || '' }
        : { add: value.add, name: value.add };
  return (
    <Autocomplete<Option>
      id={id}
      size="small"
      options={options}
      value={current}
      disabled={disabled}
      getOptionLabel={(o) => ('add' in o ? o.add : o.name)}
      isOptionEqualToValue={(a, b) => ('id' in a && 'id' in b ? a.id === b.id : a.name === b.name)}
      filterOptions={(opts, state) => {
        const found = filter(opts, state);
        const text = state.inputValue.trim();
        if (text && !opts.some((o) => o.name === text))
          found.push({ add: text, name: t('request.form.add', { text }) });
        return found;
      }}
      renderOption={(props, o) => (
        <li {...props} key={'id' in o ? o.id : `add-${o.add}`}>
          {o.name}
        </li>
      )}
      onChange={(_, o) => onChange(o === null ? null : 'add' in o ? { add: o.add } : { id: o.id, name: o.name })}
      renderInput={(params) => <TextField {...params} label={label} slotProps={{ inputLabel: { shrink: true } }} />}
    />
  );
}
