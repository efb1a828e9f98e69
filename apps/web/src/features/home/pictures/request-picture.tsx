import { useTheme } from '@mui/material/styles';
import { PictureCanvas } from './picture-canvas';

const MODALITY_ROWS = [
  { y: 62, checked: true },
  { y: 72, checked: false },
  { y: 82, checked: true },
];

/** Requests: an order form with a CT scanner badge, ticked modality boxes and an "add" stamp. */
export function RequestPicture() {
  const c = useTheme().palette.illustration;
  return (
    <PictureCanvas name="request">
      <path
        d="M38 10 h54 l22 22 v70 a5 5 0 0 1 -5 5 h-71 a5 5 0 0 1 -5 -5 v-87 a5 5 0 0 1 5 -5 z"
        fill={c.paper}
        stroke={c.line}
        strokeWidth="1.5"
      />
      <path
        d="M92 10 v17 a5 5 0 0 0 5 5 h17"
        fill={c.primarySoft}
        stroke={c.line}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <rect x="41" y="19" width="36" height="5" rx="2.5" fill={c.ink} />
      <rect x="41" y="29" width="44" height="3" rx="1.5" fill={c.line} />
      <rect x="41" y="38" width="64" height="10" rx="2" fill={c.tint} stroke={c.line} strokeWidth="1" />
      <rect x="44.5" y="41.8" width="26" height="2.6" rx="1.3" fill={c.primary} opacity="0.7" />

      {/* CT gantry with the patient table through it */}
      <circle cx="59" cy="76" r="18" fill={c.accentSoft} />
      <circle cx="59" cy="73" r="10" fill="none" stroke={c.accent} strokeWidth="4.2" />
      <rect x="43" y="78.5" width="32" height="3.6" rx="1.8" fill={c.ink} />
      <rect x="56.5" y="82" width="5" height="6" rx="1" fill={c.ink} opacity="0.55" />

      {MODALITY_ROWS.map(({ y, checked }) => (
        <g key={y}>
          <rect
            x="83"
            y={y}
            width="7"
            height="7"
            rx="1.5"
            fill={checked ? c.primary : c.paper}
            stroke={c.primary}
            strokeWidth="1.2"
          />
          {checked ? (
            <path
              d={`M84.6 ${y + 3.6} l1.6 1.6 l2.8 -3.2`}
              stroke={c.paper}
              strokeWidth="1.3"
              fill="none"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          ) : null}
          <rect x="93" y={y + 2} width="14" height="3" rx="1.5" fill={c.line} />
        </g>
      ))}

      <circle cx="116" cy="94" r="13" fill={c.primary} stroke={c.paper} strokeWidth="3" />
      <path d="M116 88 v12 M110 94 h12" stroke={c.paper} strokeWidth="2.6" strokeLinecap="round" />
    </PictureCanvas>
  );
}
