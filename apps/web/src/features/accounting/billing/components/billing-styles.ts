import type { SxProps, Theme } from '@mui/material/styles';

/** Spec §9 layout sizes: the results table's container and the history list. */
export const BILLING_TABLE_HEIGHT = 600;
export const BILLING_HISTORY_HEIGHT = 900;
/** Spec §9 Billing success notice. */
export const BILLING_NOTICE_MS = 1000;

/** Money cells: right-aligned tabular figures (UI guide). */
export const moneyCell: SxProps<Theme> = {
  textAlign: 'right',
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
};
