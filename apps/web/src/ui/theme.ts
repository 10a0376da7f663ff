import { createTheme } from '@mui/material/styles';
import { frFR } from '@mui/material/locale';
import { prefersReducedMotion } from './reduced-motion';

// The colours and fonts are also app/base.css's (the baseline and the sign-in page's frame,
// shown before MUI loads): change them together.

const SYSTEM_FONTS = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

// #000091 on white is 15.6:1; the focus ring (base.css's :focus-visible for the rest) must stay
// visible on blue and white alike (RGAA 10.7).
const FOCUS_RING = '3px solid #0a76f6';

/** Dialogs, menus and collapses appear at once; MUI's JavaScript waits on these durations too. */
const NO_TRANSITIONS = {
  duration: {
    shortest: 0,
    shorter: 0,
    short: 0,
    standard: 0,
    complex: 0,
    enteringScreen: 0,
    leavingScreen: 0,
  },
  getAutoHeightDuration: () => 0,
};

/** The portal's theme; without motion for a user who asks for reduced motion (ui/reduced-motion.ts). */
export function portalTheme(reducedMotion: boolean) {
  return createTheme(
    {
      palette: {
        primary: { main: '#000091', contrastText: '#ffffff' },
        secondary: { main: '#3a3a3a' },
        // MUI's default info blue (#0288d1) carries white text at 3.85:1 only ('En signature'); its
        // dark shade reaches 7.6:1 (RGAA 3.2).
        info: { main: '#01579b', contrastText: '#ffffff' },
        background: { default: '#f6f6f6' },
        text: { primary: '#161616', secondary: '#3a3a3a' },
      },
      typography: {
        fontFamily: SYSTEM_FONTS,
        button: { textTransform: 'none', fontWeight: 600 },
      },
      shape: { borderRadius: 4 },
      components: {
        MuiButtonBase: {
          ...(reducedMotion && { defaultProps: { disableRipple: true } }),
          styleOverrides: {
            root: { '&.Mui-focusVisible': { outline: FOCUS_RING, outlineOffset: '2px' } },
          },
        },
        MuiLink: { defaultProps: { underline: 'always' } },
      },
      ...(reducedMotion && { transitions: NO_TRANSITIONS }),
    },
    frFR,
  );
}

// Read once, when the app loads: a change of the system's setting applies at the next load.
export const theme = portalTheme(prefersReducedMotion());
