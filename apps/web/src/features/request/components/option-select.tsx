import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** A select of the request form's lists, with an empty choice (—) first. */
export function OptionSelect({
  label,
  value,
  options,
  onChange,
  testId,
  error,
  helperText,
}: {
  label: string;
  value: string | number | null;
  options: { id: string | number; name: string }[];
  onChange: (v: string) => void;
  testId: string;
  error?: boolean;
  helperText?: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      helperText={helperText}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="">—</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
