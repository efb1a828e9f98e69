import Architecture from '@mui/icons-material/Architecture';
import Close from '@mui/icons-material/Close';
import CompareArrows from '@mui/icons-material/CompareArrows';
import Contrast from '@mui/icons-material/Contrast';
import CropSquare from '@mui/icons-material/CropSquare';
import FitScreen from '@mui/icons-material/FitScreen';
import Flip from '@mui/icons-material/Flip';
import HelpOutline from '@mui/icons-material/HelpOutline';
import GpsFixed from '@mui/icons-material/GpsFixed';
import InvertColors from '@mui/icons-material/InvertColors';
import Link from '@mui/icons-material/Link';
import LinkOff from '@mui/icons-material/LinkOff';
import PanTool from '@mui/icons-material/PanTool';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import RestartAlt from '@mui/icons-material/RestartAlt';
import RotateLeft from '@mui/icons-material/RotateLeft';
import RotateRight from '@mui/icons-material/RotateRight';
import Straighten from '@mui/icons-material/Straighten';
import ViewQuilt from '@mui/icons-material/ViewQuilt';
import ZoomIn from '@mui/icons-material/ZoomIn';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrimaryTool } from '../cornerstone/tool-group';
import type { ViewerCommand } from '../lib/viewer-commands';
import { WINDOW_PRESETS } from '../lib/wl-presets';
import { CineControl } from './cine-control';
import { ToolButton } from './tool-button';

const TOOLS: { tool: PrimaryTool; key: string; icon: ReactNode }[] = [
  { tool: 'windowLevel', key: 'W', icon: <Contrast fontSize="small" /> },
  { tool: 'pan', key: 'P', icon: <PanTool fontSize="small" /> },
  { tool: 'zoom', key: 'Z', icon: <ZoomIn fontSize="small" /> },
  { tool: 'length', key: 'L', icon: <Straighten fontSize="small" /> },
  { tool: 'angle', key: 'A', icon: <Architecture fontSize="small" /> },
  { tool: 'rectangle', key: 'R', icon: <CropSquare fontSize="small" /> },
  { tool: 'ellipse', key: 'E', icon: <RadioButtonUnchecked fontSize="small" /> },
];

/** What the layout offers now: the compare (1×2) and MPR buttons and their states. */
export interface ToolbarLayout {
  comparing: boolean;
  /** Sync mode of the two stacks while comparing, null when unlinked. */
  linked: 'position' | 'ratio' | null;
  mpr: boolean;
  /** Why MPR is unavailable (its button's tooltip), null when it is. */
  mprBlocked: string | null;
}

interface ViewerToolbarProps {
  tool: PrimaryTool;
  layout: ToolbarLayout;
  playing: boolean;
  fps: number;
  onFps: (fps: number) => void;
  run: (command: ViewerCommand) => void;
  /** Right-hand text: loading progress. */
  status: ReactNode;
}

/** UI guide "Reading station": one slim toolbar; every button has a key (the help panel lists them). */
// Memoised: the viewer re-renders on every slice change; the toolbar only when its own props change.
export const ViewerToolbar = memo(function ViewerToolbar({
  tool,
  layout,
  playing,
  fps,
  onFps,
  run,
  status,
}: ViewerToolbarProps) {
  const { t } = useTranslation();
  const tools = layout.mpr
    ? [...TOOLS, { tool: 'crosshairs' as const, key: 'X', icon: <GpsFixed fontSize="small" /> }]
    : TOOLS;
  const linkLabel =
    layout.linked === 'position'
      ? t('viewer.compare.linkedPosition')
      : layout.linked === 'ratio'
        ? t('viewer.compare.linkedRatio')
        : t('viewer.compare.unlinked');
  return (
    // One line at any width (a narrow window scrolls it sideways; every command has its key): a second line would move
    // the image down, away from where the first-image preview was put (vite.config.ts PREVIEW_INSET).
    <Box
      role="toolbar"
      aria-label={t('viewer.toolbar')}
      // A mouse without a sideways wheel still reaches the commands past the window's edge.
      onWheel={(e) => {
        const bar = e.currentTarget;
        if (bar.scrollWidth > bar.clientWidth && Math.abs(e.deltaY) > Math.abs(e.deltaX)) bar.scrollLeft += e.deltaY;
      }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.25,
        px: 0.5,
        py: 0.25,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        minHeight: 40,
        flexWrap: 'nowrap',
        overflowX: 'auto',
        overflowY: 'hidden',
        scrollbarWidth: 'none',
        '&::-webkit-scrollbar': { display: 'none' },
        '& > *': { flexShrink: 0 },
      }}
    >
      {tools.map((x) => (
        <ToolButton
          key={x.tool}
          label={t(`viewer.keys.${x.tool}`)}
          shortcut={x.key}
          active={tool === x.tool}
          onClick={() => run({ kind: 'tool', tool: x.tool })}
          testId={`tool-${x.tool}`}
        >
          {x.icon}
        </ToolButton>
      ))}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <Select<string>
        size="small"
        value=""
        displayEmpty
        renderValue={() => t('viewer.presets')}
        onChange={(e) => {
          const preset = WINDOW_PRESETS.find((p) => p.id === e.target.value);
          if (preset) run({ kind: 'preset', preset });
          else if (e.target.value === 'auto') run({ kind: 'auto' });
        }}
        inputProps={{ 'aria-label': t('viewer.presets') }}
        data-testid="preset-select"
        sx={{ width: 150, typography: 'body2', '& .MuiSelect-select': { py: 0.5 } }}
      >
        {WINDOW_PRESETS.map((p) => (
          <MenuItem key={p.id} value={p.id}>{`${p.key} ${t(`viewer.keys.preset.${p.id}`)}`}</MenuItem>
        ))}
        <MenuItem value="auto">{`7 ${t('viewer.keys.auto')}`}</MenuItem>
      </Select>
      <ToolButton
        label={t('viewer.keys.invert')}
        shortcut="I"
        onClick={() => run({ kind: 'invert' })}
        testId="cmd-invert"
      >
        <InvertColors fontSize="small" />
      </ToolButton>
      {layout.mpr ? null : (
        <>
          <ToolButton label={t('viewer.keys.rotateLeft')} shortcut="[" onClick={() => run({ kind: 'rotate', by: -90 })}>
            <RotateLeft fontSize="small" />
          </ToolButton>
          <ToolButton label={t('viewer.keys.rotateRight')} shortcut="]" onClick={() => run({ kind: 'rotate', by: 90 })}>
            <RotateRight fontSize="small" />
          </ToolButton>
          <ToolButton label={t('viewer.keys.flipH')} shortcut="H" onClick={() => run({ kind: 'flipH' })}>
            <Flip fontSize="small" />
          </ToolButton>
          <ToolButton label={t('viewer.keys.flipV')} shortcut="V" onClick={() => run({ kind: 'flipV' })}>
            <Flip fontSize="small" sx={{ transform: 'rotate(90deg)' }} />
          </ToolButton>
        </>
      )}
      <ToolButton label={t('viewer.keys.fit')} shortcut="F" onClick={() => run({ kind: 'fit' })}>
        <FitScreen fontSize="small" />
      </ToolButton>
      <ToolButton label={t('viewer.keys.reset')} shortcut="0" onClick={() => run({ kind: 'reset' })} testId="cmd-reset">
        <RestartAlt fontSize="small" />
      </ToolButton>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      {layout.mpr ? null : (
        <CineControl playing={playing} fps={fps} onFps={onFps} onToggle={() => run({ kind: 'cine' })} />
      )}
      <ToolButton
        label={layout.comparing ? t('viewer.compare.close') : t('viewer.keys.compare')}
        shortcut="C"
        active={layout.comparing}
        onClick={() => run({ kind: 'compare' })}
        testId="cmd-compare"
      >
        {layout.comparing ? <Close fontSize="small" /> : <CompareArrows fontSize="small" />}
      </ToolButton>
      {layout.comparing ? (
        <ToolButton
          label={linkLabel}
          shortcut="S"
          active={layout.linked !== null}
          onClick={() => run({ kind: 'link' })}
          testId="cmd-link"
        >
          {layout.linked ? <Link fontSize="small" /> : <LinkOff fontSize="small" />}
        </ToolButton>
      ) : null}
      <ToolButton
        label={layout.mpr ? t('viewer.mpr.exit') : t('viewer.keys.mpr')}
        shortcut="M"
        active={layout.mpr}
        onClick={() => run({ kind: 'mpr' })}
        testId="cmd-mpr"
        disabledReason={layout.mpr ? null : layout.mprBlocked}
      >
        <ViewQuilt fontSize="small" />
      </ToolButton>
      <ToolButton label={t('viewer.keys.help')} shortcut="?" onClick={() => run({ kind: 'help' })} testId="cmd-help">
        <HelpOutline fontSize="small" />
      </ToolButton>
      <Box sx={{ flex: 1 }} />
      <Box
        title={typeof status === 'string' ? status : undefined}
        sx={{
          typography: 'caption',
          color: 'text.secondary',
          pr: 1,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          minWidth: 0,
          '&&': { flexShrink: 1 },
        }}
      >
        {status}
      </Box>
    </Box>
  );
});
