import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { ReportTemplate } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';

interface TemplatePickerProps {
  templates: readonly ReportTemplate[];
  onPick: (template: ReportTemplate) => void;
  disabled?: boolean;
}

/** Templates of the exam's modality (its body part first, the reader's own marked); picking fills the form to edit. */
export function TemplatePicker({ templates, onPick, disabled }: TemplatePickerProps) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      options={templates}
      value={null}
      blurOnSelect
      clearOnBlur
      disabled={disabled || templates.length === 0}
      onChange={(_, template) => {
        if (template) onPick(template);
      }}
      getOptionLabel={(o) => o.name}
      groupBy={(o) => (o.isOwn ? t('report.template.own') : (o.bodyPart ?? t('report.template.general')))}
      noOptionsText={t('report.template.none')}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest} data-testid="template-option" data-template-name={o.name}>
            <span style={{ flex: 1 }}>{o.name}</span>
            <Chip size="small" label={o.language.toUpperCase()} sx={{ height: 18, fontSize: '0.68rem', ml: 1 }} />
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={templates.length ? t('report.template.placeholder') : t('report.template.none')}
          slotProps={{
            htmlInput: {
              ...params.inputProps,
              'aria-label': t('report.template.label'),
              'data-testid': 'template-picker',
            },
          }}
        />
      )}
      sx={{ width: 320 }}
      size="small"
    />
  );
}
