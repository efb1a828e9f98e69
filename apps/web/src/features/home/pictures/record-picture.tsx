import { useTheme } from '@mui/material/styles';
import { PictureCanvas } from './picture-canvas';

const ROWS = [
  { y: 35, checked: true },
  { y: 51, checked: true },
  { y: 67, checked: false },
];

/** Exam records: a clipboard with a checklist being ticked off and a pencil. */
export function RecordPicture() {
  const c = useTheme().palette.illustration;
  return (
    <PictureCanvas name="record">
      <rect x="40" y="16" width="76" height="90" rx="7" fill={c.primary} />
      <rect x="47" y="25" width="62" height="75" rx="3" fill={c.paper} />
      <rect x="62" y="9" width="32" height="14" rx="4" fill={c.ink} />
      <circle cx="78" cy="13.5" r="2.6" fill={c.primary} />

      {ROWS.map(({ y, checked }) => (
        <g key={y}>
          <rect
            x="54"
            y={y}
            width="10"
            height="10"
            rx="2.5"
            fill={checked ? c.accentSoft : c.paper}
            stroke={checked ? c.accent : c.line}
            strokeWidth="1.5"
          />
          {checked ? (
            <path
              d={`M56.4 ${y + 5.2} l2.4 2.4 l4.3 -4.9`}
              stroke={c.accent}
              strokeWidth="1.8"
              fill="none"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          ) : null}
          <rect x="69" y={y + 1.5} width="32" height="3" rx="1.5" fill={c.ink} opacity="0.75" />
          <rect x="69" y={y + 6.5} width="20" height="2.5" rx="1.25" fill={c.line} />
        </g>
      ))}

      <path
        d="M55 91 c4 -6 7 -6 8 -1 s4 4 7 -2 s5 -3 7 1"
        stroke={c.primary}
        strokeWidth="1.6"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M82 93 h20" stroke={c.line} strokeWidth="1.4" strokeLinecap="round" />

      <g transform="rotate(35 124 66)">
        <rect x="119" y="34" width="10" height="46" rx="2" fill={c.warm} />
        <rect x="119" y="34" width="10" height="7" rx="2" fill={c.danger} opacity="0.85" />
        <rect x="119" y="40" width="10" height="3.5" fill={c.line} />
        <rect x="123.2" y="43.5" width="1.6" height="36.5" fill={c.warmStrong} opacity="0.5" />
        <path d="M119 80 l5 10 l5 -10 z" fill={c.warmSoft} />
        <path d="M122.6 87.2 l1.4 2.8 l1.4 -2.8 z" fill={c.ink} />
      </g>
    </PictureCanvas>
  );
}
