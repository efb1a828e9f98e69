import { useTheme } from '@mui/material/styles';
import { PictureCanvas } from './picture-canvas';

/** Any menu code without a picture of its own (the server may add items before the web gets pictures). */
export function GenericPicture({ name }: { name: string }) {
  const c = useTheme().palette.illustration;
  return (
    <PictureCanvas name={name}>
      <path
        d="M32 30 a5 5 0 0 1 5 -5 h26 l8 8 h52 a5 5 0 0 1 5 5 v62 a5 5 0 0 1 -5 5 h-86 a5 5 0 0 1 -5 -5 z"
        fill={c.primarySoft}
      />
      <rect x="42" y="36" width="76" height="40" rx="3" fill={c.paper} stroke={c.line} strokeWidth="1.2" />
      <rect x="50" y="44" width="40" height="4" rx="2" fill={c.ink} opacity="0.7" />
      <rect x="50" y="53" width="56" height="3" rx="1.5" fill={c.line} />
      <rect x="50" y="61" width="48" height="3" rx="1.5" fill={c.line} />
      <path d="M32 50 h96 a5 5 0 0 1 5 5 v45 a5 5 0 0 1 -5 5 h-91 a5 5 0 0 1 -5 -5 z" fill={c.primary} />
      <rect x="70" y="72" width="20" height="5" rx="2.5" fill={c.paper} opacity="0.8" />
    </PictureCanvas>
  );
}
