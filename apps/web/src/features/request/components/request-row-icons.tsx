import CloudUploadRounded from '@mui/icons-material/CloudUploadRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import IosShareRounded from '@mui/icons-material/IosShareRounded';
import LocalOfferRounded from '@mui/icons-material/LocalOfferRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import ReportProblemRounded from '@mui/icons-material/ReportProblemRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { RequestRow } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Per-row icons of the request list (spec §2, §6, §8): missing documents, invoice, sticker, edit, upload, export. */
export function RequestRowIcons({
  row,
  can,
  onExport,
}: {
  row: RequestRow;
  can: (p: string) => boolean;
  onExport: (row: RequestRow) => void;
}) {
  const { t } = useTranslation();
  const blocked = !row.allowToClickInvoice || row.status === 'Hold';
  const slot = (key: string, node: React.ReactNode) => (
    <Box key={key} component="span" sx={{ display: 'inline-flex', width: 30, justifyContent: 'center' }}>
      {node}
    </Box>
  );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      {can('REQUEST_DOCUMENT')
        ? slot(
            'docs',
            row.missingDocumentNames.length > 0 ? (
              <Tooltip
                title={
                  <>
                    <Typography variant="caption" sx={{ fontWeight: 600 }}>
                      {t('request.list.needDocuments')}
                    </Typography>
                    {row.missingDocumentNames.map((n) => (
                      <div key={n}>• {n}</div>
                    ))}
                  </>
                }
              >
                <ReportProblemRounded
                  fontSize="small"
                  color="warning"
                  aria-label={t('request.list.needDocuments')}
                  data-testid="request-missing-docs"
                  tabIndex={0}
                />
              </Tooltip>
            ) : null,
          )
        : null}
      {can('REQUEST_INVOICE') ? (
        <>
          {slot(
            'invoice',
            <Tooltip title={blocked ? t('request.list.specifyExamTime') : t('request.list.invoice')}>
              <span>
                <IconButton
                  size="small"
                  disabled={blocked}
                  aria-label={t('request.list.invoice')}
                  data-testid="request-invoice"
                  onClick={() => window.open(`/accounting_report/${row.requestId}`, '_blank', 'noopener')}
                >
                  <ReceiptLongRounded fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>,
          )}
          {slot(
            'sticker',
            <Tooltip title={blocked ? t('request.list.specifyExamTime') : t('request.list.sticker')}>
              <span>
                <IconButton
                  size="small"
                  disabled={blocked}
                  aria-label={t('request.list.sticker')}
                  data-testid="request-sticker"
                  onClick={() => window.open(`/reportviewer/${row.requestId}/sticker`, '_blank', 'noopener')}
                >
                  <LocalOfferRounded fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>,
          )}
        </>
      ) : null}
      {can('REQUEST_EDIT')
        ? slot(
            'edit',
            <Tooltip title={t('request.list.edit')}>
              <IconButton
                size="small"
                component={RouterLink}
                to={`/request/edit/${row.requestId}`}
                aria-label={t('request.list.edit')}
                data-testid="request-edit"
              >
                <EditRounded fontSize="small" />
              </IconButton>
            </Tooltip>,
          )
        : null}
      {can('REQUEST_DOCUMENT')
        ? slot(
            'upload',
            <Tooltip title={t('request.list.upload')}>
              <IconButton
                size="small"
                component={RouterLink}
                to={`/request/upload/${row.requestId}`}
                aria-label={t('request.list.upload')}
                data-testid="request-upload"
              >
                <CloudUploadRounded fontSize="small" />
              </IconButton>
            </Tooltip>,
          )
        : null}
      {can('REQUEST_EXPORT')
        ? slot(
            'export',
            <Tooltip title={t('request.list.export')}>
              <IconButton
                size="small"
                onClick={() => onExport(row)}
                aria-label={t('request.list.export')}
                data-testid="request-export"
              >
                <IosShareRounded fontSize="small" />
              </IconButton>
            </Tooltip>,
          )
        : null}
    </Box>
  );
}
