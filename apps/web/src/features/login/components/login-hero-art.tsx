import { alpha, useTheme } from '@mui/material/styles';

/** Concentric gantry rings and a scan line: the backdrop of the login hero, purely decorative. */
export function LoginHeroArt() {
  const { palette } = useTheme();
  const ring = alpha(palette.common.white, 0.09);
  const ringStrong = alpha(palette.common.white, 0.16);
  const ray = alpha(palette.secondary.light, 0.55);

  return (
    <svg
      viewBox="0 0 600 600"
      aria-hidden="true"
      focusable="false"
      style={{ position: 'absolute', right: -170, bottom: -190, width: 640, height: 640, pointerEvents: 'none' }}
    >
      <circle cx="300" cy="300" r="290" fill="none" stroke={ring} strokeWidth="2" />
      <circle cx="300" cy="300" r="236" fill="none" stroke={ringStrong} strokeWidth="26" />
      <circle cx="300" cy="300" r="180" fill="none" stroke={ring} strokeWidth="2" strokeDasharray="4 10" />
      <circle cx="300" cy="300" r="128" fill={alpha(palette.common.white, 0.05)} stroke={ring} strokeWidth="2" />
      {/* a faint axial chest slice inside the bore */}
      <ellipse
        cx="300"
        cy="300"
        rx="96"
        ry="72"
        fill={alpha(palette.common.white, 0.05)}
        stroke={ringStrong}
        strokeWidth="3"
      />
      <path
        d="M262 252 c-30 6 -44 40 -40 70 c3 22 22 34 44 26 c16 -6 18 -30 16 -52 c-2 -26 -6 -46 -20 -44 z"
        fill={alpha(palette.common.white, 0.07)}
      />
      <path
        d="M338 252 c30 6 44 40 40 70 c-3 22 -22 34 -44 26 c-16 -6 -18 -30 -16 -52 c2 -26 6 -46 20 -44 z"
        fill={alpha(palette.common.white, 0.07)}
      />
      <ellipse cx="312" cy="312" rx="20" ry="24" fill={alpha(palette.common.white, 0.06)} />
      <circle cx="300" cy="352" r="12" fill={alpha(palette.common.white, 0.12)} />
      <rect x="295" y="232" width="10" height="22" rx="4" fill={alpha(palette.common.white, 0.1)} />
      <path d="M40 300 H560" stroke={ray} strokeWidth="2" strokeDasharray="2 6" />
      <circle cx="300" cy="64" r="9" fill={ray} />
    </svg>
  );
}
