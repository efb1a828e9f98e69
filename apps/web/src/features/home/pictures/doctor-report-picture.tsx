import { useTheme } from '@mui/material/styles';
import { PictureCanvas } from './picture-canvas';

/** Doctor report: a signed radiology report with its impression box, and a stethoscope over it. */
export function DoctorReportPicture() {
  const c = useTheme().palette.illustration;
  return (
    <PictureCanvas name="doctor_report">
      <rect x="28" y="12" width="68" height="92" rx="5" fill={c.paper} stroke={c.line} strokeWidth="1.5" />
      <path d="M28 17 a5 5 0 0 1 5 -5 h58 a5 5 0 0 1 5 5 v9 h-68 z" fill={c.accent} />
      <rect x="35" y="16.5" width="26" height="4" rx="2" fill={c.paper} opacity="0.85" />
      <rect x="35" y="33" width="40" height="4" rx="2" fill={c.ink} />
      {[
        [42, 52],
        [48, 46],
        [54, 50],
        [60, 34],
      ].map(([y, width]) => (
        <rect key={y} x="35" y={y} width={width} height="3" rx="1.5" fill={c.line} />
      ))}
      <rect x="35" y="68" width="52" height="14" rx="2" fill={c.accentSoft} />
      <rect x="38" y="72" width="30" height="2.5" rx="1.25" fill={c.accent} />
      <rect x="38" y="77" width="22" height="2.5" rx="1.25" fill={c.accent} opacity="0.6" />
      <path
        d="M38 95 c3 -5 6 -5 7 -1 s3 3 6 -2 s4 -2 6 1"
        stroke={c.ink}
        strokeWidth="1.4"
        fill="none"
        strokeLinecap="round"
      />

      <path
        d="M108 18 v16 c0 12 8 18 14 18 s14 -6 14 -18 v-16"
        fill="none"
        stroke={c.ink}
        strokeWidth="3.5"
        strokeLinecap="round"
      />
      <circle cx="108" cy="16" r="3.2" fill={c.primary} />
      <circle cx="136" cy="16" r="3.2" fill={c.primary} />
      <path
        d="M122 52 v14 c0 18 -12 24 -24 22 c-8 -1.5 -12 -7 -12 -16"
        fill="none"
        stroke={c.ink}
        strokeWidth="3.5"
        strokeLinecap="round"
      />
      <circle cx="86" cy="80" r="8.5" fill={c.primary} stroke={c.ink} strokeWidth="2.5" />
      <circle cx="86" cy="80" r="3.4" fill={c.primarySoft} />
    </PictureCanvas>
  );
}
