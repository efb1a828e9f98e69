import { useTheme } from '@mui/material/styles';
import { BahtSign } from './baht-sign';
import { PictureCanvas } from './picture-canvas';

const COIN_TOPS = [98, 90, 82, 74];

/** Accounting: a till receipt with a stack of baht coins. */
export function AccountingPicture() {
  const c = useTheme().palette.illustration;
  const topCoin = COIN_TOPS[COIN_TOPS.length - 1] ?? 74;
  return (
    <PictureCanvas name="accounting">
      <path
        d="M40 14 a4 4 0 0 1 4 -4 h48 a4 4 0 0 1 4 4 v82 l-7 5 l-7 -5 l-7 5 l-7 -5 l-7 5 l-7 -5 l-7 5 l-7 -5 z"
        fill={c.paper}
        stroke={c.line}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <rect x="48" y="20" width="26" height="5" rx="2.5" fill={c.ink} />
      {[34, 43, 52].map((y) => (
        <g key={y}>
          <rect x="48" y={y} width="24" height="3" rx="1.5" fill={c.line} />
          <rect x="78" y={y} width="10" height="3" rx="1.5" fill={c.line} />
        </g>
      ))}
      <path d="M48 62 h40" stroke={c.line} strokeWidth="1.2" strokeDasharray="2 2" />
      <rect x="48" y="68" width="18" height="4" rx="2" fill={c.ink} />
      <rect x="74" y="68" width="14" height="4" rx="2" fill={c.accent} />

      {COIN_TOPS.map((y) => (
        <g key={y}>
          <path d={`M94 ${y} v5 a18 6 0 0 0 36 0 v-5`} fill={c.warmStrong} />
          <ellipse cx="112" cy={y} rx="18" ry="6" fill={c.warm} stroke={c.warmStrong} strokeWidth="1" />
        </g>
      ))}
      <ellipse cx="112" cy={topCoin} rx="11" ry="3.4" fill="none" stroke={c.warmSoft} strokeWidth="1.4" />

      <circle cx="42" cy="88" r="15" fill={c.warm} stroke={c.warmStrong} strokeWidth="2" />
      <circle cx="42" cy="88" r="10.5" fill="none" stroke={c.warmSoft} strokeWidth="1.6" />
      <BahtSign x={42} y={88} size={15} color={c.warmStrong} />
    </PictureCanvas>
  );
}
