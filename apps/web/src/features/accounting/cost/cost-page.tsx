import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Exam fees (spec §4): a stand-in so the accounting shell compiles; the exam-fee screen replaces this file. */
export function CostPage() {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="cost-page">
      <Typography variant="h6" component="h1">ค่าตรวจ (Exam fee)</Typography>
    </Paper>
  );
}
