import { useTheme } from '@mui/material/styles';
import { Fragment } from 'react';
import { PictureCanvas } from './picture-canvas';

/** Backup: a stack of archive boxes with an arrow going into the top one. */
export function BackupPicture() {
  const c = useTheme().palette.illustration;
  const boxes = [86, 62, 38];
  return (
    <PictureCanvas name="admin/backup">
      {boxes.map((y) => (
        <Fragment key={y}>
          <rect x="34" y={y} width="76" height="22" rx="4" fill={c.paper} stroke={c.line} strokeWidth="1.5" />
          <rect x="34" y={y} width="76" height="6" rx="3" fill={c.primarySoft} />
          <rect x="62" y={y + 10} width="20" height="5" rx="2.5" fill={c.primary} />
          <circle cx="100" cy={y + 13} r="2.5" fill={c.accent} />
        </Fragment>
      ))}
      <path d="M124 20 v26" stroke={c.accent} strokeWidth="5" strokeLinecap="round" />
      <path
        d="M115 38 l9 10 l9 -10"
        stroke={c.accent}
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
      <rect x="28" y="110" width="88" height="4" rx="2" fill={c.ink} opacity="0.3" />
    </PictureCanvas>
  );
}
