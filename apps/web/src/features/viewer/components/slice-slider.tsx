import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import { useTranslation } from 'react-i18next';

interface SliceSliderProps {
  index: number;
  count: number;
  onChange: (index: number) => void;
}

/** The rail's width: the same for every series, so the image area (and the first-image preview, V15) never moves. */
export const SLIDER_RAIL_PX = 37;

/**
 * The stack slider beside the image, top = first slice, with the slice number on the thumb. Its rail is kept, empty,
 * for a single image and while the stack is not known yet.
 */
export function SliceSlider({ index, count, onChange }: SliceSliderProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        py: 2,
        px: 0.5,
        width: SLIDER_RAIL_PX,
        flexShrink: 0,
        boxSizing: 'border-box',
        display: 'flex',
        justifyContent: 'center',
        bgcolor: 'background.paper',
        borderLeft: 1,
        borderColor: 'divider',
      }}
    >
      {count < 2 ? null : (
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
      )}
    </Box>
  );
}
