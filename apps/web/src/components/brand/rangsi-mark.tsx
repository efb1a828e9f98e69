import { alpha, useTheme } from '@mui/material/styles';

interface RangsiMarkProps {
  size?: number;
  /** `onDark` sits on the app bar or the login hero; `color` on light surfaces. */
  tone?: 'color' | 'onDark';
}

/**
 * The product mark: a scanner gantry ring with a ray entering through its opening and rays leaving it
 * ("รังสี" means ray). Drawn inline so it follows the theme and needs no request.
 */
export function RangsiMark({ size = 32, tone = 'color' }: RangsiMarkProps) {
  const { palette } = useTheme();
  const background = tone === 'color' ? palette.primary.main : alpha(palette.common.white, 0.14);
  const ring = palette.common.white;
  const ray = palette.secondary.light;

  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill={background} />
      <circle
        cx="20"
        cy="20"
        r="11"
        fill="none"
        stroke={ring}
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="55 14.1"
        transform="rotate(172 20 20)"
      />
      <g stroke={ring} strokeWidth="2.2" strokeLinecap="round" opacity="0.9">
        <path d="M30.6 9.4 L32.8 7.2" />
        <path d="M34 17 L37 16.2" />
        <path d="M23 6 L23.8 3" />
      </g>
      <path d="M8.5 31.5 L16.2 23.8" stroke={ray} strokeWidth="3" strokeLinecap="round" />
      <circle cx="20" cy="20" r="4" fill={ray} />
    </svg>
  );
}
