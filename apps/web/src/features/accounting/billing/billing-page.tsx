import Alert from '@mui/material/Alert';

/** TEMPORARY stand-in so the accounting shell compiles in this branch; helper W1's billing screen replaces it at merge. */
export function BillingPage({ billingId }: { billingId: string | null }) {
  return <Alert severity="info" data-billing-id={billingId ?? undefined}>การวางบิล (Billing)</Alert>;
}
