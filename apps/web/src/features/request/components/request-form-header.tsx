import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RequestDetail } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';

/** The request form's title and patient line (name, gender, age), and a held request's remark. */
export function RequestFormHeader({
  mode,
  name,
  gender,
  age,
  detail,
}: {
  mode: 'new' | 'edit' | 'upload';
  name: string;
  gender: string;
  age: number | null;
  detail: RequestDetail | undefined;
}) {
  const { t } = useTranslation();
  const title =
    mode === 'new'
      ? t('request.form.titleNew')
      : mode === 'edit'
        ? t('request.form.titleEdit')
        : t('request.form.titleUpload');
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="h6" component="h1">
        {title}
      </Typography>
      <Typography variant="subtitle1" data-testid="request-patient-name">
        {name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`request.form.gender${gender}`, { defaultValue: gender })}
        {age !== null ? ` · ${t('request.form.age', { age })}` : ''}
      </Typography>
      {detail?.status === 'Hold' ? (
        <Alert severity="warning" sx={{ py: 0 }}>
          {detail.statusRemark}
        </Alert>
      ) : null}
    </Box>
  );
}
