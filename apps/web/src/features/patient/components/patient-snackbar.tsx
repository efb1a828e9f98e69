import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { dismissPatientNotice, usePatientNotice } from '../hooks/use-patient-notice';

/** The patient screens' short notices (spec §8: "Sucess" after saving; HN import and card results). */
export function PatientSnackbar() {
  const notice = usePatientNotice();
  return (
    <Snackbar
      key={notice?.id}
      open={notice !== null}
      autoHideDuration={4000}
      onClose={(_, reason) => {
        if (reason !== 'clickaway' && notice) dismissPatientNotice(notice.id);
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={notice?.severity ?? 'success'}
        variant="filled"
        role="status"
        data-testid="patient-notice"
        sx={{ fontWeight: 500 }}
        onClose={() => notice && dismissPatientNotice(notice.id)}
      >
        {notice?.text}
      </Alert>
    </Snackbar>
  );
}
