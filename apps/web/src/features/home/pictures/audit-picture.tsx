import { useTheme } from '@mui/material/styles';
import { PictureCanvas } from './picture-canvas';

/** Audit log: a ledger of timed entries under a magnifying glass. */
export function AuditPicture() {
  const c = useTheme().palette.illustration;
  const lines = [44, 58, 72, 86];
  return (
    <PictureCanvas name="admin/audit">
      <rect x="26" y="22" width="92" height="88" rx="6" fill={c.paper} stroke={c.line} strokeWidth="1.5" />
      <path d="M26 28 a6 6 0 0 1 6 -6 h80 a6 6 0 0 1 6 6 v8 h-92 z" fill={c.primary} />
      <rect x="34" y="27" width="30" height="4" rx="2" fill={c.paper} opacity="0.8" />
      {lines.map((y) => (
        <g key={y}>
          <circle cx="38" cy={y} r="3.2" fill={c.primarySoft} stroke={c.primary} strokeWidth="1" />
          <rect x="46" y={y - 2} width="22" height="4" rx="2" fill={c.ink} opacity="0.7" />
          <rect x="72" y={y - 1.5} width="34" height="3" rx="1.5" fill={c.line} />
        </g>
      ))}
      <circle cx="112" cy="84" r="17" fill={c.primarySoft} opacity="0.6" stroke={c.accent} strokeWidth="4" />
      <path d="M124 96 l12 12" stroke={c.accent} strokeWidth="6" strokeLinecap="round" />
      <path d="M105 80 a8 8 0 0 1 8 -6" stroke={c.paper} strokeWidth="2" strokeLinecap="round" fill="none" />
    </PictureCanvas>
  );
}
