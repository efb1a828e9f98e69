import { styled } from '@mui/material/styles';

const Cell = styled('span')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: 6,
  minWidth: 0,
  '& .modality': {
    flexShrink: 0,
    minWidth: 30,
    padding: '0 4px',
    borderRadius: 6,
    textAlign: 'center',
    fontSize: '0.72rem',
    fontWeight: 600,
    lineHeight: '18px',
    color: theme.palette.primary.dark,
    backgroundColor: theme.palette.illustration.tint,
  },
  '& .description': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
}));

/** Modality and the exam's description in one cell: the tag scans like a column without costing one. */
export function ExamCell({ modality, description }: { modality: string; description: string }) {
  return (
    <Cell>
      <span className="modality" data-testid="modality">
        {modality}
      </span>
      <span className="description" title={description}>
        {description}
      </span>
    </Cell>
  );
}
