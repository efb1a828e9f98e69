import { styled } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pacsAccessionPath } from '../lib/exam-links';

const chip = {
  display: 'inline-block',
  maxWidth: '100%',
  height: 22,
  padding: '0 7px',
  borderRadius: 11,
  fontSize: '0.78rem',
  lineHeight: '20px',
  letterSpacing: '0.01em',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  verticalAlign: 'middle',
} as const;

const ChipText = styled('span')(({ theme }) => ({
  ...chip,
  color: theme.palette.text.primary,
  border: `1px solid ${theme.palette.divider}`,
}));

const ChipLink = styled(Link)(({ theme }) => ({
  ...chip,
  color: theme.palette.primary.dark,
  textDecoration: 'none',
  border: `1px solid ${theme.palette.divider}`,
  backgroundColor: theme.palette.background.paper,
  '&:hover': { borderColor: theme.palette.primary.light, backgroundColor: theme.palette.illustration.tint },
}));

const Missing = styled('span')(({ theme }) => ({
  fontSize: '0.78rem',
  fontStyle: 'italic',
  color: theme.palette.text.secondary,
}));

interface AccessionChipProps {
  accession: string | null;
  /** MENU_PACS: the chip goes to /pacs#{accession} (spec §2). */
  linked: boolean;
}

export function AccessionChip({ accession, linked }: AccessionChipProps) {
  const { t } = useTranslation();
  if (!accession) return <Missing>{t('worklist.row.noAccession')}</Missing>;
  return linked ? (
    <ChipLink
      to={pacsAccessionPath(accession)}
      title={t('worklist.row.openAccession', { accession })}
      data-testid="accession-chip"
    >
      {accession}
    </ChipLink>
  ) : (
    <ChipText data-testid="accession-chip">{accession}</ChipText>
  );
}
