import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormValues } from '../lib/report-form';

const FRAME_NAME = 'report-frame';

export interface ReportRun {
  reportName: string;
  values: FormValues;
  /** A new object each time the user asks, so the same values print again. */
  at: number;
}

/**
 * Spec §7: the report is shown in a frame by posting a hidden form with the parameters url-encoded to
 * /ReportViewer/{reportName}, targeted at the frame. The server answers the PDF (or a Thai error page) into it.
 */
export function ReportFrame({ run, title }: { run: ReportRun | null; title: string }) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!run || !formRef.current) return;
    setLoading(true);
    formRef.current.submit();
  }, [run]);

  return (
    <Box
      sx={{
        flex: 1,
        minHeight: 0,
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'grey.200',
      }}
    >
      {loading ? (
        <LinearProgress
          aria-label={t('reportViewer.loading')}
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}
        />
      ) : null}
      {run ? (
        <form
          ref={formRef}
          method="post"
          action={`/ReportViewer/${encodeURIComponent(run.reportName)}`}
          target={FRAME_NAME}
          hidden
          data-testid="report-form"
        >
          {Object.entries(run.values).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </form>
      ) : (
        <Typography color="text.secondary" sx={{ m: 'auto' }}>
          {t('reportViewer.pressShow')}
        </Typography>
      )}
      <Box
        component="iframe"
        name={FRAME_NAME}
        title={title}
        data-testid="report-frame"
        onLoad={() => setLoading(false)}
        sx={{ border: 0, flex: 1, width: '100%', display: run ? 'block' : 'none', bgcolor: 'common.white' }}
      />
    </Box>
  );
}
