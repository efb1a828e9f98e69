import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatResultTotal } from '@/lib/result-total';
import { WORKLIST_PAGE_SIZE } from '../lib/constants';

interface WorklistPagerProps {
  page: number;
  total: number;
  /** The server capped its count: the total is a lower bound (shown as 10,000+). */
  totalIsEstimate?: boolean;
  onPage: (page: number) => void;
}

/** Spec §2/§9: 50 a page, pages from 1, no page-size choice. */
export function WorklistPager({ page, total, totalIsEstimate, onPage }: WorklistPagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / WORKLIST_PAGE_SIZE));
  const from = total === 0 ? 0 : (page - 1) * WORKLIST_PAGE_SIZE + 1;
  const to = Math.min(total, page * WORKLIST_PAGE_SIZE);
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 1,
        px: 1.5,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="worklist-range"
        sx={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {t('worklist.list.range', { from, to, total: formatResultTotal(total, totalIsEstimate) })}
      </Typography>
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_, next) => onPage(next)}
          size="small"
          shape="rounded"
          color="primary"
          siblingCount={1}
          boundaryCount={1}
          aria-label={t('worklist.list.pager')}
          data-testid="worklist-pager"
        />
      ) : null}
    </Box>
  );
}
