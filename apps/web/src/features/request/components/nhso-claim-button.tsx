import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Opens the health-coverage (NHSO) dialog for a patient with a national id, and shows the claim code it gave. */
export function NhsoClaimButton({
  nationalNumber,
  claimCode,
  onOpen,
}: {
  nationalNumber: string | null | undefined;
  claimCode: string;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <Button
        variant="outlined"
        size="small"
        disabled={!nationalNumber}
        onClick={onOpen}
        data-testid="nhso-open"
        title={nationalNumber ? undefined : t('request.nhso.noId')}
      >
        {t('request.nhso.button')}
      </Button>
      {claimCode ? (
        <Typography variant="body2" data-testid="nhso-claim-code">
          {t('request.nhso.claimCode')}: {claimCode}
        </Typography>
      ) : null}
    </Box>
  );
}
