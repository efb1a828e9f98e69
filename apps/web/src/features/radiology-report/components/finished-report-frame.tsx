import DownloadRounded from '@mui/icons-material/DownloadRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ExamFinishedReport } from '@rangsi/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';
import { usePingGateway } from '../api/ping-gateway';
import { AuditChip } from './audit-chip';

/** Spec §2: a finished report shows its saved PDF (GET /ReportViewer/finishedReport/{examId}/{finishedReportId}). */
export function FinishedReportFrame({ examId, finished }: { examId: string; finished: ExamFinishedReport }) {
  const { t } = useTranslation();
  const ping = usePingGateway(examId, finished.finishedReportId);
  // A version waiting for audit or rejected is not released to the hospital (decision G4).
  const releasable = finished.auditStatus !== 'WaitingForAudit' && finished.auditStatus !== 'Rejected';
  // A version seeded without its PDF is printed on first opening (a second or two): say so rather than show a blank frame.
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const loading = loadedUrl !== finished.pdfUrl;
  useEffect(() => {
    // A browser without a PDF viewer downloads instead and may never fire load: the overlay gives way anyway.
    const timer = window.setTimeout(() => setLoadedUrl(finished.pdfUrl), 10_000);
    return () => window.clearTimeout(timer);
  }, [finished.pdfUrl]);
  const title = `${t('report.list.version', { n: finished.versionNo })} · ${t(`report.kind.${finished.kind}`)}`;
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
      data-testid="finished-view"
      data-version={finished.versionNo}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 0.75,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Typography variant="subtitle2" component="h2">
          {title}
        </Typography>
        <AuditChip status={finished.auditStatus} />
        <Typography variant="caption" color="text.secondary" noWrap sx={{ flex: 1 }}>
          {finished.reporterName} · {formatDateTime(finished.createDate)}
        </Typography>
        {ping.isSuccess ? (
          <Typography variant="caption" color="success.main" data-testid="report-gateway-sent">
            {t('report.gateway.sent')}
          </Typography>
        ) : null}
        {releasable ? (
          <Button
            size="small"
            startIcon={<SendRounded />}
            onClick={() => ping.mutate()}
            loading={ping.isPending}
            data-testid="report-gateway-send"
          >
            {t('report.gateway.send')}
          </Button>
        ) : null}
        <Button size="small" startIcon={<OpenInNewRounded />} href={finished.pdfUrl} target="_blank" rel="noopener">
          {t('report.pdf.open')}
        </Button>
        <Button
          size="small"
          startIcon={<DownloadRounded />}
          href={finished.pdfUrl}
          download
          data-testid="report-pdf-download"
        >
          {t('report.pdf.download')}
        </Button>
      </Box>
      {finished.auditStatus === 'Rejected' && finished.auditMessage ? (
        <Box
          sx={{ px: 2, py: 0.75, bgcolor: 'status.rejected.soft', color: 'error.main' }}
          data-testid="finished-audit-message"
        >
          <Typography variant="body2">
            {t('report.audit.rejectedMessage', { message: finished.auditMessage })}
          </Typography>
        </Box>
      ) : null}
      <Box sx={{ flex: 1, minHeight: 0, position: 'relative' }}>
        <Box
          component="iframe"
          key={finished.pdfUrl}
          src={finished.pdfUrl}
          title={title}
          onLoad={() => setLoadedUrl(finished.pdfUrl)}
          data-testid="report-pdf-frame"
          data-loaded={loading ? undefined : 'true'}
          sx={{ border: 0, width: '100%', height: '100%', bgcolor: 'grey.100', display: 'block' }}
        />
        {loading ? (
          <Box
            role="status"
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 1.5,
              bgcolor: 'grey.100',
            }}
          >
            <CircularProgress size={28} />
            <Typography variant="body2" color="text.secondary">
              {t('report.pdf.loading')}
            </Typography>
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
