import { useTheme } from '@mui/material/styles';
import { PictureCanvas } from './picture-canvas';

// Widths of the HN barcode's bars and gaps, alternating, so it reads as a barcode and not as stripes.
const BARCODE = [2, 1, 1, 1.2, 2.4, 1, 1, 1.2, 1, 2, 3, 1, 1, 1.2, 2, 1, 1, 1.2, 2.4, 1.2, 1, 1];

/** Patients: a patient ID card with photo, name and HN barcode, and a "new" badge. */
export function PatientPicture() {
  const c = useTheme().palette.illustration;
  let x = 74;
  const bars = BARCODE.map((width, i) => {
    const bar = { x, width, ink: i % 2 === 0 };
    x += width;
    return bar;
  }).filter((bar) => bar.ink);

  return (
    <PictureCanvas name="patient">
      <rect x="18" y="24" width="122" height="80" rx="8" fill={c.paper} stroke={c.line} strokeWidth="1.5" />
      <path d="M18 32 a8 8 0 0 1 8 -8 h106 a8 8 0 0 1 8 8 v10 h-122 z" fill={c.primary} />
      <circle cx="29" cy="33" r="3" fill={c.paper} opacity="0.85" />
      <rect x="36" y="31" width="34" height="4" rx="2" fill={c.paper} opacity="0.75" />

      <rect x="28" y="50" width="38" height="44" rx="5" fill={c.primarySoft} />
      <circle cx="47" cy="65" r="8.5" fill={c.primary} />
      <path d="M33 94 v-2 c0 -8.5 6.3 -13.5 14 -13.5 s14 5 14 13.5 v2 z" fill={c.primary} />

      <rect x="74" y="52" width="54" height="5" rx="2.5" fill={c.ink} />
      <rect x="74" y="63" width="38" height="3.5" rx="1.75" fill={c.line} />
      <rect x="74" y="71" width="46" height="3.5" rx="1.75" fill={c.line} />
      {bars.map((bar) => (
        <rect key={bar.x} x={bar.x} y="81" width={bar.width} height="12" fill={c.ink} />
      ))}

      <circle cx="136" cy="26" r="12" fill={c.accent} stroke={c.paper} strokeWidth="3" />
      <path d="M136 20 v12 M130 26 h12" stroke={c.paper} strokeWidth="2.6" strokeLinecap="round" />
    </PictureCanvas>
  );
}
