import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RequestCondition } from '@rangsi/contract';
import { isFieldShown } from '@rangsi/domain';
import { KEPT_FIELDS } from '../lib/request-draft';
import { useTranslation } from 'react-i18next';

type Definition = RequestCondition['additionalFieldDefinitions'][number];
/** Spec §9: the grid is width units × 4 columns wide (a 12-column row) and height units of 84 px. */
const ROW_UNIT_PX = 84;

/** The configured additional fields of the chosen modalities, shown or hidden by their dependencies (spec §3, §5). */
export function AdditionalFieldsGrid({
  condition,
  modalities,
  values,
  onChange,
}: {
  condition: RequestCondition;
  modalities: string[];
  values: Record<string, string>;
  onChange: (id: string, value: string) => void;
}) {
  const visibility = new Map<string, boolean>();
  for (const m of condition.modalityProducts.filter((x) => modalities.includes(x.modalityCode))) {
    for (const f of m.additionalFields) visibility.set(f.id, (visibility.get(f.id) ?? false) || f.visibility);
  }
  const fields = condition.additionalFieldDefinitions
    .filter((d) => visibility.has(d.id) && !KEPT_FIELDS.includes(d.id))
    .filter((d) => isFieldShown(d.visibility && visibility.get(d.id) === true, d.dependencies, values))
    .sort((a, b) => a.orderNumber - b.orderNumber);
  if (fields.length === 0) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(12, minmax(0, 1fr))',
        gridAutoRows: `minmax(${ROW_UNIT_PX}px, auto)`,
        columnGap: 1.25,
        alignItems: 'start',
      }}
      data-testid="additional-fields"
    >
      {fields.map((d) => (
        <Box
          key={d.id}
          sx={{
            gridColumn: `span ${Math.min(12, Math.max(1, d.width) * 4)}`,
            gridRow: `span ${Math.max(1, d.height)}`,
            pt: 0.5,
          }}
          data-testid={`additional-${d.id}`}
        >
          <FieldInput d={d} value={values[d.id] ?? ''} onChange={(v) => onChange(d.id, v)} />
        </Box>
      ))}
    </Box>
  );
}

function FieldInput({ d, value, onChange }: { d: Definition; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const label = d.suffix ? `${d.name} (${d.suffix})` : d.name;
  switch (d.type) {
    case 'Blank':
      return null;
    case 'Html':
      // Configured notices are shown as text: markup from configuration is never injected into the page.
      return (
        <Alert severity="warning" sx={{ py: 0 }}>
          {(d.description ?? d.name).replace(/<[^>]*>/g, '')}
        </Alert>
      );
    case 'UploadImage':
      return (
        <Typography variant="body2" color="text.secondary">
          {d.name}
        </Typography>
      );
    case 'checkbox':
      return (
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={value === 'true'}
              onChange={(e) => onChange(e.target.checked ? 'true' : '')}
            />
          }
          label={d.name}
        />
      );
    case 'select': {
      const chosen = d.isMultiValue ? value.split(', ').filter(Boolean) : value;
      return (
        <TextField
          select
          fullWidth
          size="small"
          label={label}
          value={chosen}
          slotProps={{ inputLabel: { shrink: true }, select: { multiple: d.isMultiValue } }}
          helperText={d.description ?? undefined}
          onChange={(e) => {
            const v = e.target.value as string | string[];
            onChange(Array.isArray(v) ? v.join(', ') : v);
          }}
        >
          {d.isMultiValue ? null : <MenuItem value="">—</MenuItem>}
          {(d.options ?? []).map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    case 'Textarea':
      return (
        <TextField
          fullWidth
          multiline
          minRows={2}
          size="small"
          label={label}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText={d.description ?? undefined}
        />
      );
    default:
      return (
        <TextField
          fullWidth
          size="small"
          type={d.type === 'date' ? 'text' : d.type}
          placeholder={d.type === 'date' ? t('app.datePlaceholder') : undefined}
          label={label}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText={d.description ?? undefined}
        />
      );
  }
}
