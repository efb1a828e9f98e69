import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useTranslation } from 'react-i18next';
import { ToolButton } from './tool-button';

export const CINE_FPS = [2, 5, 10, 15, 20, 30] as const;

interface CineControlProps {
  playing: boolean;
  fps: number;
  onFps: (fps: number) => void;
  onToggle: () => void;
}

/** Cine: play the stack at the chosen frames per second (Space). */
export function CineControl({ playing, fps, onFps, onToggle }: CineControlProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <ToolButton
        label={t(playing ? 'viewer.cine.stop' : 'viewer.cine.play')}
        shortcut={t('viewer.keys.space')}
        active={playing}
        onClick={onToggle}
        testId="cmd-cine"
      >
        {playing ? <Pause fontSize="small" /> : <PlayArrow fontSize="small" />}
      </ToolButton>
      <Select
        size="small"
        value={fps}
        onChange={(e) => onFps(Number(e.target.value))}
        renderValue={(v) => `${v} ${t('viewer.cine.fps')}`}
        inputProps={{ 'aria-label': t('viewer.cine.fps') }}
        data-testid="cine-fps"
        sx={{ width: 140, typography: 'body2', '& .MuiSelect-select': { py: 0.5 } }}
      >
        {CINE_FPS.map((f) => (
          <MenuItem key={f} value={f}>{`${f} ${t('viewer.cine.fps')}`}</MenuItem>
        ))}
      </Select>
    </Box>
  );
}
