import type { Series } from '@rangsi/contract';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface SeriesListItemProps {
  series: Series;
  selected: boolean;
  onSelect: () => void;
}

/** One series of the strip: the server's thumbnail, the description and the image count. */
export function SeriesListItem({ series, selected, onSelect }: SeriesListItemProps) {
  const { t } = useTranslation();
  const description = series.seriesDescription || t('viewer.series.noDescription');
  return (
    <ListItemButton
      selected={selected}
      onClick={onSelect}
      data-testid="series-item"
      data-series-id={series.seriesId}
      aria-current={selected ? 'true' : undefined}
      sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 0.5, py: 1, px: 1, borderRadius: 1 }}
    >
      <Box
        sx={{
          aspectRatio: '1',
          bgcolor: 'common.black',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: 0.5,
          overflow: 'hidden',
        }}
      >
        {series.thumbnail ? (
          <Box
            component="img"
            src={series.thumbnail}
            alt={description}
            loading="lazy"
            sx={{ maxWidth: '100%', maxHeight: '100%' }}
          />
        ) : (
          <Typography variant="caption" color="text.secondary">
            {t('viewer.series.noThumbnail')}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" noWrap title={description}>
        {description}
      </Typography>
      <Typography variant="caption" color="text.secondary" data-testid="series-count">
        {t('viewer.series.images', { count: series.frameNumber })}
      </Typography>
    </ListItemButton>
  );
}
