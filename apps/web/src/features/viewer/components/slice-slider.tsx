import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import { useTranslation } from 'react-i18next';

interface SliceSliderProps {
  index: number;
  count: number;
  onChange: (index: number) => void;
}

/** The stack slider beside the image, top = first slice, with the slice number on the thumb. */
export function SliceSlider({ index, count, onChange }: SliceSliderProps) {
  const { t } = useTranslation();
  if (count < 2) return null;
  return (
    <Box sx={{ py: 2, px: 0.5, display: 'flex', bgcolor: 'background.paper', borderLeft: 1, borderColor: 'divider' }}>
      <Slider
        orientation="vertical"
        size="small"
        min={1}
        max={count}
        value={count - index}
        onChange={(_, v) => onChange(count - v)}
        valueLabelDisplay="auto"
        valueLabelFormat={(v) => `${count - v + 1}`}
        aria-label={t('viewer.slider')}
        aria-valuetext={t('viewer.overlay.slice', { n: index + 1, count })}
        data-testid="slice-slider"
      />
    </Box>
  );
}
