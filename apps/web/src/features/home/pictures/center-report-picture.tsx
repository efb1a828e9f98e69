import { useTheme } from '@mui/material/styles';
import { PictureCanvas } from './picture-canvas';

// Donut segments as fractions of the circumference of r = 14.
const CIRCUMFERENCE = 2 * Math.PI * 14;
const SHARE_MAIN = 0.6;
const SHARE_SECOND = 0.2;

/** Centre report: the imaging centre (hospital with a red cross) beside a share-of-work donut chart. */
export function CenterReportPicture() {
  const c = useTheme().palette.illustration;
  const windows = [62, 76, 90];
  return (
    <PictureCanvas name="center_report">
      <rect x="16" y="54" width="78" height="50" rx="3" fill={c.paper} stroke={c.line} strokeWidth="1.5" />
      {windows.map((y) => (
        <g key={y}>
          <rect x="21" y={y} width="11" height="7" rx="1" fill={c.primarySoft} />
          <rect x="78" y={y} width="11" height="7" rx="1" fill={c.primarySoft} />
        </g>
      ))}
      <rect x="38" y="22" width="34" height="82" rx="3" fill={c.primarySoft} stroke={c.primary} strokeWidth="1.5" />
      <circle cx="55" cy="39" r="10" fill={c.paper} stroke={c.primary} strokeWidth="1.2" />
      <rect x="52.5" y="32" width="5" height="14" rx="1" fill={c.danger} />
      <rect x="48" y="36.5" width="14" height="5" rx="1" fill={c.danger} />
      <rect x="44" y="57" width="8" height="7" rx="1" fill={c.primary} opacity="0.75" />
      <rect x="58" y="57" width="8" height="7" rx="1" fill={c.primary} opacity="0.75" />
      <rect x="44" y="70" width="8" height="7" rx="1" fill={c.primary} opacity="0.75" />
      <rect x="58" y="70" width="8" height="7" rx="1" fill={c.primary} opacity="0.75" />
      <rect x="48" y="86" width="14" height="18" rx="1.5" fill={c.primary} />

      <rect x="100" y="34" width="46" height="70" rx="5" fill={c.paper} stroke={c.line} strokeWidth="1.5" />
      <circle cx="123" cy="60" r="14" fill="none" stroke={c.accentSoft} strokeWidth="7" />
      <circle
        cx="123"
        cy="60"
        r="14"
        fill="none"
        stroke={c.accent}
        strokeWidth="7"
        strokeDasharray={`${CIRCUMFERENCE * SHARE_MAIN} ${CIRCUMFERENCE}`}
        transform="rotate(-90 123 60)"
      />
      <circle
        cx="123"
        cy="60"
        r="14"
        fill="none"
        stroke={c.warm}
        strokeWidth="7"
        strokeDasharray={`${CIRCUMFERENCE * SHARE_SECOND} ${CIRCUMFERENCE}`}
        strokeDashoffset={-CIRCUMFERENCE * SHARE_MAIN}
        transform="rotate(-90 123 60)"
      />
      <rect x="107" y="83" width="5" height="5" rx="1" fill={c.accent} />
      <rect x="115" y="84" width="24" height="3" rx="1.5" fill={c.line} />
      <rect x="107" y="92" width="5" height="5" rx="1" fill={c.warm} />
      <rect x="115" y="93" width="18" height="3" rx="1.5" fill={c.line} />
    </PictureCanvas>
  );
}
