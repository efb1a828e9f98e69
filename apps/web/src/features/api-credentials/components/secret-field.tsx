import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SecretFieldProps {
  label: string;
  value: string;
  testId: string;
}

/** One part of a new credential, in a monospace box with a copy button (the secret is shown this once). */
export function SecretField({ label, value, testId }: SecretFieldProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="caption" component="div" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          pl: 1,
          bgcolor: 'action.hover',
        }}
      >
        <Typography
          component="code"
          data-testid={testId}
          sx={{ flex: 1, fontFamily: 'monospace', fontSize: '0.85rem', wordBreak: 'break-all', py: 0.75 }}
        >
          {value}
        </Typography>
        <Tooltip title={copied ? t('apiCredentials.secret.copied') : t('apiCredentials.secret.copy')}>
          <IconButton
            aria-label={`${t('apiCredentials.secret.copy')} ${label}`}
            onClick={copy}
            data-testid={`${testId}-copy`}
          >
            <ContentCopyRounded fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
