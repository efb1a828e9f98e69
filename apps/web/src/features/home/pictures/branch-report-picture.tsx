import { useTheme } from '@mui/material/styles';
import { PictureCanvas } from './picture-canvas';

const BARS = [
  { x: 97, height: 14, tone: 'accentSoft' },
  { x: 107, height: 22, tone: 'accent' },
  { x: 117, height: 18, tone: 'primarySoft' },
  { x: 127, height: 32, tone: 'primary' },
] as const;

// Eight scallops of an awning, 8.5 units each, drawn right to left along the front of the roof.
const AWNING = `M18 40 h68 v3 ${'q-4.25 6 -8.5 0 '.repeat(8)}z`;

/** Branch report: a branch (shop-front clinic) beside a bar chart with its trend. */
export function BranchReportPicture() {
  const c = useTheme().palette.illustration;
  return (
    <PictureCanvas name="branch_report">
      <rect x="22" y="40" width="60" height="64" rx="3" fill={c.primarySoft} stroke={c.primary} strokeWidth="1.5" />
      <path d="M18 40 l8 -14 h52 l8 14 z" fill={c.primary} />
      <rect x="36" y="29.5" width="32" height="7" rx="1.5" fill={c.paper} opacity="0.9" />
      <path d={AWNING} fill={c.accent} />
      <rect x="30" y="54" width="16" height="14" rx="1.5" fill={c.paper} stroke={c.primary} strokeWidth="1.2" />
      <rect x="58" y="54" width="16" height="14" rx="1.5" fill={c.paper} stroke={c.primary} strokeWidth="1.2" />
      <rect x="44" y="78" width="16" height="26" rx="1.5" fill={c.primary} />
      <circle cx="56" cy="92" r="1.3" fill={c.paper} />

      <rect x="88" y="38" width="56" height="66" rx="5" fill={c.paper} stroke={c.line} strokeWidth="1.5" />
      <rect x="95" y="45" width="22" height="4" rx="2" fill={c.ink} />
      {BARS.map((bar) => (
        <rect key={bar.x} x={bar.x} y={96 - bar.height} width="7" height={bar.height} rx="1.2" fill={c[bar.tone]} />
      ))}
      <path d="M95 96 h42" stroke={c.line} strokeWidth="1.2" />
      <polyline
        points="100.5,76 110.5,67 120.5,71 130.5,56"
        fill="none"
        stroke={c.warmStrong}
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {[
        [100.5, 76],
        [110.5, 67],
        [120.5, 71],
        [130.5, 56],
      ].map(([cx, cy]) => (
        <circle key={cx} cx={cx} cy={cy} r="2.2" fill={c.warm} stroke={c.paper} strokeWidth="1" />
      ))}
    </PictureCanvas>
  );
}
