import Box from '@mui/material/Box';
import { formatSatang } from '@rangsi/domain';

/** An amount in satang as the spec shows money (2 decimals, thousands separators), in tabular figures; red below 0. */
export function MoneyText({ satang, testId }: { satang: number; testId?: string }) {
  return (
    <Box
      component="span"
      data-testid={testId}
      sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', ...(satang < 0 ? { color: 'error.main' } : {}) }}
    >
      {formatSatang(satang)}
    </Box>
  );
}
