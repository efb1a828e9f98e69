import { useTheme } from '@mui/material/styles';
import { Fragment } from 'react';
import { PictureCanvas } from './picture-canvas';

/** API credentials: a server rack and the key that opens it to another system. */
export function ApiCredentialsPicture() {
  const c = useTheme().palette.illustration;
  return (
    <PictureCanvas name="admin/api-credentials">
      {[34, 62, 90].map((y) => (
        <Fragment key={y}>
          <rect x="22" y={y} width="64" height="22" rx="4" fill={c.paper} stroke={c.line} strokeWidth="1.5" />
          <circle cx="34" cy={y + 11} r="3" fill={c.primary} />
          <rect x="44" y={y + 8} width="32" height="6" rx="3" fill={c.primarySoft} />
        </Fragment>
      ))}
      <circle cx="112" cy="52" r="14" fill="none" stroke={c.accent} strokeWidth="6" />
      <path d="M112 66 v44 M112 88 h10 M112 100 h8" stroke={c.accent} strokeWidth="6" strokeLinecap="round" />
      <rect x="18" y="118" width="104" height="4" rx="2" fill={c.ink} opacity="0.3" />
    </PictureCanvas>
  );
}
