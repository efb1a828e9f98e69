import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
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
      <ToolButton label={t(playing ? 'viewer.cine.stop' : 'viewer.cine.play')} shortcut={t('viewer.keys.space')} active={playing} onClick={onToggle} testId="cmd-cine">
        {playing ? <Pause fontSize="small" /> : <PlayArrow fontSize="small" />}
      </ToolButton>
      <TextField
        select
        size="small"
        value={fps}
        label={t('viewer.cine.fps')}
        onChange={(e) => onFps(Number(e.target.value))}
        sx={{ width: 84, '& .MuiInputBase-input': { py: 0.5 } }}
      >
        {CINE_FPS.map((f) => <MenuItem key={f} value={f}>{f}</MenuItem>)}
      </TextField>
    </Box>
  );
}
