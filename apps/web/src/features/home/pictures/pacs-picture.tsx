import { useTheme } from '@mui/material/styles';
import { PictureCanvas } from './picture-canvas';

/** PACS: a reading monitor showing an axial CT slice of the chest and a series strip. */
export function PacsPicture() {
  const c = useTheme().palette.illustration;
  return (
    <PictureCanvas name="pacs">
      <rect x="70" y="90" width="20" height="12" fill={c.line} />
      <rect x="52" y="100" width="56" height="6" rx="3" fill={c.ink} />
      <rect x="18" y="10" width="124" height="84" rx="7" fill={c.ink} />
      <rect x="24" y="16" width="112" height="70" rx="2.5" fill={c.screen} />
      <circle cx="80" cy="90" r="1.4" fill={c.accent} />

      {/* corner text of the viewport, as every viewer shows patient and window values there */}
      <rect x="28" y="20" width="16" height="2" rx="1" fill={c.scan} opacity="0.5" />
      <rect x="28" y="24" width="10" height="2" rx="1" fill={c.scan} opacity="0.5" />
      <rect x="88" y="80" width="14" height="2" rx="1" fill={c.scan} opacity="0.5" />

      {/* chest CT: soft tissue, lungs, heart, vertebra, sternum, ribs */}
      <ellipse cx="64" cy="52" rx="31" ry="24" fill={c.scanSoft} />
      <ellipse cx="52.5" cy="50" rx="10" ry="13.5" fill={c.screen} />
      <ellipse cx="75.5" cy="50" rx="10" ry="13.5" fill={c.screen} />
      <ellipse cx="67" cy="55" rx="6.5" ry="7.5" fill={c.scan} opacity="0.55" />
      <circle cx="64" cy="69" r="4.6" fill={c.scan} />
      <path d="M61.2 73 h5.6 l-1.2 3.6 h-3.2 z" fill={c.scan} />
      <rect x="62.5" y="29.5" width="3" height="8" rx="1.2" fill={c.scan} />
      <path d="M37.5 42 q-4 10 0 20" stroke={c.scan} strokeWidth="1.6" fill="none" strokeLinecap="round" />
      <path d="M90.5 42 q4 10 0 20" stroke={c.scan} strokeWidth="1.6" fill="none" strokeLinecap="round" />

      {/* a length measurement across the left lung */}
      <path d="M68 40 L83 58" stroke={c.accent} strokeWidth="1.2" strokeLinecap="round" />
      <circle cx="68" cy="40" r="1.5" fill={c.accent} />
      <circle cx="83" cy="58" r="1.5" fill={c.accent} />

      {/* series strip, first series selected */}
      <rect x="108" y="16" width="1.2" height="70" fill={c.ink} />
      <rect
        x="113"
        y="21"
        width="19"
        height="17"
        rx="1.5"
        fill={c.scanSoft}
        opacity="0.6"
        stroke={c.accent}
        strokeWidth="1.3"
      />
      <circle cx="122.5" cy="29.5" r="5" fill={c.scan} opacity="0.7" />
      <rect x="113" y="42" width="19" height="17" rx="1.5" fill={c.scanSoft} opacity="0.4" />
      <ellipse cx="122.5" cy="50.5" rx="6" ry="4.5" fill={c.scan} opacity="0.4" />
      <rect x="113" y="63" width="19" height="17" rx="1.5" fill={c.scanSoft} opacity="0.4" />
      <rect x="118.5" y="66" width="8" height="11" rx="3" fill={c.scan} opacity="0.4" />
    </PictureCanvas>
  );
}
