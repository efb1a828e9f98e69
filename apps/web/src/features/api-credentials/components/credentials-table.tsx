import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ApiCredential } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date';

interface CredentialsTableProps {
  credentials: ApiCredential[];
  onRevoke: (credential: ApiCredential) => void;
}

const numbers = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** Every credential: who it is, what it may do and read, when it was made and last used, and whether it still works. */
export function CredentialsTable({ credentials, onRevoke }: CredentialsTableProps) {
  const { t } = useTranslation();
  const scopeText = (c: ApiCredential) =>
    c.scope === 'branch'
      ? t('apiCredentials.scopeBranch', { name: c.scopeName ?? '' })
      : c.scope === 'hospital'
        ? t('apiCredentials.scopeHospital', { name: c.scopeName ?? '' })
        : t('apiCredentials.scopeAll');
  return (
    <TableContainer>
      <Table
        size="small"
        stickyHeader
        data-testid="credentials-table"
        sx={{ '& th': { whiteSpace: 'nowrap' }, '& th, & td': { px: 1 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('apiCredentials.col.name')}</TableCell>
            <TableCell>{t('apiCredentials.col.role')}</TableCell>
            <TableCell>{t('apiCredentials.col.scope')}</TableCell>
            <TableCell>{t('apiCredentials.col.created')}</TableCell>
            <TableCell>{t('apiCredentials.col.lastUsed')}</TableCell>
            <TableCell>{t('apiCredentials.col.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {credentials.map((c) => (
            <TableRow key={c.id} hover data-testid="credential-row" sx={c.revokedAt ? { opacity: 0.7 } : undefined}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {c.name}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ fontFamily: 'monospace' }}
                  title={t('apiCredentials.col.keyId')}
                >
                  {c.keyId}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`apiCredentials.role.${c.roleName}`)}</TableCell>
              <TableCell>{scopeText(c)}</TableCell>
              <TableCell sx={numbers}>
                {formatDateTime(c.createdAt)}
                {c.createdBy ? (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {t('apiCredentials.createdBy', { user: c.createdBy })}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell sx={numbers} data-testid="credential-last-used">
                {c.lastUsedAt ? formatDateTime(c.lastUsedAt) : t('apiCredentials.never')}
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
                  <Box component="span" data-testid="credential-status">
                    {c.revokedAt ? (
                      <Chip
                        size="small"
                        color="error"
                        variant="outlined"
                        label={t('apiCredentials.revokedAt', { at: formatDateTime(c.revokedAt) })}
                      />
                    ) : (
                      <Chip size="small" color="success" variant="outlined" label={t('apiCredentials.active')} />
                    )}
                  </Box>
                  {c.revokedAt ? null : (
                    <Button size="small" color="error" onClick={() => onRevoke(c)} data-testid="credential-revoke">
                      {t('apiCredentials.revokeButton')}
                    </Button>
                  )}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
