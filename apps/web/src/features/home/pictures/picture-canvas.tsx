import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';

interface PictureCanvasProps {
  /** The menu code drawn, for tests and for anyone inspecting the page. */
  name: string;
  children: ReactNode;
}

/** The common 160×120 stage of the home pictures, with the soft ground shadow they all stand on. */
export function PictureCanvas({ name, children }: PictureCanvasProps) {
  const c = useTheme().palette.illustration;
  return (
    <svg
      viewBox="0 0 160 120"
      width="100%"
      height="100%"
      aria-hidden="true"
      focusable="false"
      data-picture={name}
      style={{ display: 'block' }}
    >
      <ellipse cx="80" cy="109" rx="58" ry="5" fill={c.tintStrong} />
      {children}
    </svg>
  );
}
