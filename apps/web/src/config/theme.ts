import { alpha, createTheme } from '@mui/material/styles';

/**
 * Status language of the UI guide, used the same way on rows, tabs and the viewer header.
 * `main` carries the signal (chip, border, text); `soft` is the row or chip background.
 */
export interface StatusColor {
  main: string;
  soft: string;
}

export interface StatusPalette {
  scheduled: StatusColor;
  arrived: StatusColor;
  assigned: StatusColor;
  inProgress: StatusColor;
  completed: StatusColor;
  rejected: StatusColor;
  hold: StatusColor;
  overdue: StatusColor;
  dueSoon: StatusColor;
}

/** The few flat colours the hand-drawn pictures use, so they follow the theme instead of carrying their own. */
export interface IllustrationPalette {
  ink: string;
  line: string;
  paper: string;
  tint: string;
  tintStrong: string;
  primary: string;
  primarySoft: string;
  accent: string;
  accentSoft: string;
  warm: string;
  warmStrong: string;
  warmSoft: string;
  danger: string;
  screen: string;
  scan: string;
  scanSoft: string;
}

declare module '@mui/material/styles' {
  interface Palette {
    status: StatusPalette;
    illustration: IllustrationPalette;
    brand: { line: string };
  }
  interface PaletteOptions {
    status?: StatusPalette;
    illustration?: IllustrationPalette;
    brand?: { line: string };
  }
}

const primary = { main: '#1d5f8f', dark: '#16466b', light: '#4f8dbb', contrastText: '#ffffff' };
const secondary = { main: '#0f7f78', dark: '#0a5c57', light: '#4fb3ab', contrastText: '#ffffff' };
const text = { primary: '#1a2633', secondary: '#536170' };
const divider = '#dbe2ea';

export const HEADER_HEIGHT = 52;
export const DRAWER_WIDTH = 256;
export const DRAWER_WIDTH_COLLAPSED = 64;

// Thai stacks tone marks above vowels; anything tighter than 1.5 clips them.
const THAI_LINE_HEIGHT = 1.6;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary,
    secondary,
    error: { main: '#c62828' },
    warning: { main: '#b26a00' },
    success: { main: '#2e7d32' },
    info: { main: '#1e6fb8' },
    background: { default: '#f3f5f8', paper: '#ffffff' },
    text,
    divider,
    status: {
      scheduled: { main: '#6b7b8a', soft: '#eef1f4' },
      arrived: { main: '#1e6fd9', soft: '#e6f0fc' },
      assigned: { main: '#3f4fb5', soft: '#eceefb' },
      inProgress: { main: '#00897b', soft: '#e0f3f1' },
      completed: { main: '#2e7d32', soft: '#e8f4e9' },
      rejected: { main: '#c62828', soft: '#fdecec' },
      hold: { main: alpha('#ef6c00', 0.5), soft: '#fff3e6' },
      overdue: { main: '#c62828', soft: '#fbe3e3' },
      dueSoon: { main: '#b26a00', soft: '#fff4d6' },
    },
    illustration: {
      ink: '#23384d',
      line: '#9fb1c3',
      paper: '#ffffff',
      tint: '#eaf1f8',
      tintStrong: '#d5e2ee',
      primary: '#2b6ea3',
      primarySoft: '#c9dcee',
      accent: '#14a098',
      accentSoft: '#c6ebe7',
      warm: '#f2b24a',
      warmStrong: '#c98512',
      warmSoft: '#fdebc8',
      danger: '#d9534f',
      screen: '#101c28',
      scan: '#d7e0e8',
      scanSoft: '#5f7386',
    },
    brand: { line: '#06c755' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Sarabun", "Noto Sans Thai", "Leelawadee UI", Tahoma, "Helvetica Neue", Arial, sans-serif',
    fontSize: 14,
    fontWeightLight: 400,
    fontWeightRegular: 400,
    fontWeightMedium: 500,
    fontWeightBold: 600,
    h1: { fontSize: '2.25rem', fontWeight: 600, lineHeight: 1.3 },
    h2: { fontSize: '1.875rem', fontWeight: 600, lineHeight: 1.35 },
    h3: { fontSize: '1.625rem', fontWeight: 600, lineHeight: 1.4 },
    h4: { fontSize: '1.375rem', fontWeight: 600, lineHeight: 1.45 },
    h5: { fontSize: '1.2rem', fontWeight: 600, lineHeight: 1.5 },
    h6: { fontSize: '1.05rem', fontWeight: 600, lineHeight: 1.5 },
    subtitle1: { fontSize: '1rem', fontWeight: 600, lineHeight: THAI_LINE_HEIGHT },
    subtitle2: { fontSize: '0.875rem', fontWeight: 600, lineHeight: THAI_LINE_HEIGHT },
    body1: { fontSize: '0.9375rem', lineHeight: THAI_LINE_HEIGHT },
    body2: { fontSize: '0.875rem', lineHeight: THAI_LINE_HEIGHT },
    caption: { fontSize: '0.78rem', lineHeight: 1.5 },
    overline: { fontSize: '0.72rem', fontWeight: 600, letterSpacing: '0.08em', lineHeight: 1.6 },
    button: { textTransform: 'none', fontWeight: 600, lineHeight: 1.5 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased' },
        // Keyboard users need to see where they are; MUI hides focus outlines by default.
        '.Mui-focusVisible, a:focus-visible, button:focus-visible': {
          outline: `2px solid ${primary.light}`,
          outlineOffset: 2,
        },
      },
    },
    // The focus outline above marks keyboard focus; MUI's pulsing focus ripple on top of it is noise.
    MuiButton: {
      defaultProps: { disableElevation: true, disableFocusRipple: true },
      styleOverrides: { root: { borderRadius: 6 } },
    },
    MuiIconButton: { defaultProps: { size: 'small', disableFocusRipple: true } },
    MuiTextField: { defaultProps: { size: 'small' } },
    MuiOutlinedInput: { defaultProps: { size: 'small' } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: divider } } },
    MuiListItemButton: { styleOverrides: { root: { borderRadius: 6 } } },
    MuiTooltip: {
      defaultProps: { arrow: true },
      styleOverrides: { tooltip: { fontSize: '0.8rem', lineHeight: 1.5 } },
    },
    MuiTableCell: {
      styleOverrides: {
        root: { fontVariantNumeric: 'tabular-nums', paddingTop: 6, paddingBottom: 6 },
        head: { fontWeight: 600, color: text.secondary },
      },
    },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
  },
});
