import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Petty cash (spec §4): a stand-in so the accounting shell compiles; the petty-cash screen replaces this file. */
export function MoneyPage() {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="money-page">
      <Typography variant="h6" component="h1">เงินสดย่อย (Petty cash)</Typography>
    </Paper>
  );
}
