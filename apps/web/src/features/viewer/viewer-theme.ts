import { createTheme } from '@mui/material/styles';
import { theme } from '@/config/theme';

/**
 * UI guide "Reading station": the viewer is dark, near-black behind the images, light text. The app theme's
 * typography and shapes stay; only the palette turns dark.
 */
export const viewerTheme = createTheme(theme, {
  palette: {
    mode: 'dark',
    background: { default: '#050608', paper: '#12161c' },
    text: { primary: '#e6ebf0', secondary: '#9aa6b2' },
    divider: '#262d36',
    primary: { main: '#6fa8d6', dark: '#4f8dbb', light: '#9cc4e4', contrastText: '#050608' },
  },
});
