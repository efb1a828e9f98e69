import { useTheme } from '@mui/material/styles';
import { BahtSign } from './baht-sign';
import { PictureCanvas } from './picture-canvas';

const LEDGER_ROWS = [40, 49, 58, 67, 76, 85];
const BARS = [
  { x: 92, height: 14 },
  { x: 102, height: 22 },
  { x: 112, height: 17 },
  { x: 122, height: 28 },
];

/** Accounting report: an open ledger, entries on the left and the period's totals on the right. */
export function AccountingReportPicture() {
  const c = useTheme().palette.illustration;
  return (
    <PictureCanvas name="accounting_report">
      <path d="M16 30 q32 -8 64 4 q32 -12 64 -4 v72 q-32 -8 -64 4 q-32 -12 -64 -4 z" fill={c.primary} />
      <path d="M22 26 q30 -8 58 4 v70 q-28 -12 -58 -4 z" fill={c.paper} stroke={c.line} strokeWidth="1.2" />
      <path d="M138 26 q-30 -8 -58 4 v70 q28 -12 58 -4 z" fill={c.paper} stroke={c.line} strokeWidth="1.2" />
      <path d="M80 30 v70" stroke={c.line} strokeWidth="1.5" />

      <path d="M56 34 v58" stroke={c.danger} strokeWidth="1" opacity="0.5" />
      {LEDGER_ROWS.map((y, i) => (
        <g key={y}>
          <path d={`M29 ${y} h45`} stroke={c.tintStrong} strokeWidth="1" />
          <rect x="30" y={y - 5} width={i % 2 === 0 ? 20 : 15} height="2.8" rx="1.4" fill={c.line} />
          <rect x="61" y={y - 5} width="11" height="2.8" rx="1.4" fill={c.ink} opacity="0.6" />
        </g>
      ))}

      {BARS.map((bar, i) => (
        <rect
          key={bar.x}
          x={bar.x}
          y={82 - bar.height}
          width="7"
          height={bar.height}
          rx="1.2"
          fill={i === BARS.length - 1 ? c.accent : c.primarySoft}
        />
      ))}
      <path d="M89 82 h42" stroke={c.line} strokeWidth="1.2" />
      <rect x="89" y="87" width="18" height="3.5" rx="1.75" fill={c.ink} />
      <rect x="113" y="87" width="18" height="3.5" rx="1.75" fill={c.accent} />

      <circle cx="128" cy="30" r="11" fill={c.warm} stroke={c.paper} strokeWidth="2.5" />
      <BahtSign x={128} y={30} size={12} color={c.warmStrong} />
    </PictureCanvas>
  );
}
