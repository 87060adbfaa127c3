import { arSD, enUS, frFR } from '@mui/material/locale';
import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import { type Language, textDirection } from '@taxi/shared/i18n';
import { i18n } from '../i18n';

/** MUI's own texts (pagination, close, no options…) in the console's language. */
const MUI_LOCALES = { en: enUS, fr: frFR, ar: arSD } as const;

/**
 * A calm, dense console theme: navy chrome, taxi-amber accent, neutral surfaces for long shifts. Both modes
 * keep text at WCAG AA contrast (4.5:1) on their surfaces and on filled chips, buttons and toasts, which is
 * why warning and info are darker than MUI's defaults in light mode and lighter in dark mode.
 */
const palettes = {
  light: {
    mode: 'light' as const,
    primary: { main: '#1f3a5f', light: '#4a6488', dark: '#14263d', contrastText: '#ffffff' },
    secondary: { main: '#f5b400', contrastText: '#1b1b1b' },
    success: { main: '#2e7d32', contrastText: '#ffffff' },
    error: { main: '#c62828', contrastText: '#ffffff' },
    warning: { main: '#a84f00', contrastText: '#ffffff' },
    info: { main: '#01609c', contrastText: '#ffffff' },
    background: { default: '#eef1f5', paper: '#ffffff' },
    text: { primary: '#1c2430', secondary: '#4f5968', disabled: '#6b7480' },
    divider: '#dde2e9',
  },
  dark: {
    mode: 'dark' as const,
    primary: { main: '#9cc1f0', light: '#c3daf7', dark: '#6d95c7', contrastText: '#0d1520' },
    secondary: { main: '#f5b400', contrastText: '#1b1b1b' },
    success: { main: '#81c784', contrastText: '#0d1520' },
    error: { main: '#f28b82', contrastText: '#0d1520' },
    warning: { main: '#ffb74d', contrastText: '#0d1520' },
    info: { main: '#81c9f5', contrastText: '#0d1520' },
    background: { default: '#0f151d', paper: '#18212c' },
    text: { primary: '#e6ebf1', secondary: '#b3bdc9', disabled: '#8b96a3' },
    divider: '#2c3845',
  },
};

/** getContrastText picks black or white at AA (4.5:1) for any background, chips of status colours included. */
const CONTRAST_THRESHOLD = 4.5;

export function buildTheme(mode: PaletteMode, language: Language): Theme {
  return createTheme(
    {
      direction: textDirection(language),
      palette: { ...palettes[mode], contrastThreshold: CONTRAST_THRESHOLD },
      shape: { borderRadius: 6 },
      typography: {
        fontFamily: '"Inter", "Roboto", "Segoe UI", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
        fontSize: 13,
        h5: { fontWeight: 600, fontSize: '1.25rem' },
        h6: { fontWeight: 600, fontSize: '1.05rem' },
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        MuiAppBar: {
          defaultProps: { elevation: 0 },
          // The navy chrome in both modes (MUI would turn a dark-mode app bar grey).
          styleOverrides: { colorPrimary: { backgroundColor: CHROME.bar, color: CHROME.text } },
        },
        // Headings follow the page's outline, not the type scale: the app bar's title is the one h1, a page's
        // sections are h2 whatever their size, subtitles are text (axe: heading-order).
        MuiTypography: {
          defaultProps: {
            variantMapping: {
              h1: 'h1',
              h2: 'h2',
              h3: 'h2',
              h4: 'h2',
              h5: 'h2',
              h6: 'h2',
              subtitle1: 'p',
              subtitle2: 'p',
              body1: 'p',
              body2: 'p',
              inherit: 'p',
            },
          },
        },
        MuiToggleButton: { styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) } },
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
        MuiFormControl: { defaultProps: { size: 'small' } },
        MuiListItemButton: { defaultProps: { dense: true } },
        MuiTable: { defaultProps: { size: 'small' } },
        MuiTooltip: { defaultProps: { arrow: true } },
        // A progress bar or spinner needs a name (axe: aria-progressbar-name); a place that says more sets its own.
        MuiLinearProgress: { defaultProps: { 'aria-label': i18n.t('Loading', { lng: language }) } },
        MuiCircularProgress: { defaultProps: { 'aria-label': i18n.t('Loading', { lng: language }) } },
        MuiToolbar: { styleOverrides: { dense: { minHeight: 52 } } },
        MuiCssBaseline: {
          styleOverrides: {
            body: { WebkitFontSmoothing: 'antialiased' },
            // WCAG 2.3.3: whoever asks the system for less motion gets none (spinners stand still, panels and
            // dialogs open at once). The live map's captains stop gliding the same way (CaptainsLayer).
            '@media (prefers-reduced-motion: reduce)': {
              '*, *::before, *::after': {
                animationDuration: '0.01ms !important',
                animationIterationCount: '1 !important',
                // Nor late: a delayed animation (the second bar of a progress line starts 1.15 s in) would still
                // wait its delay out before jumping to its end.
                animationDelay: '0s !important',
                transitionDuration: '0.01ms !important',
                transitionDelay: '0s !important',
                scrollBehavior: 'auto !important',
              },
            },
          },
        },
      },
    },
    MUI_LOCALES[language],
  );
}

export const DRAWER_WIDTH = 248;

/** The navy chrome (app bar, drawer header, sign-in backdrop): the same in both modes. */
export const CHROME = { bar: '#1f3a5f', deep: '#14263d', text: '#ffffff' } as const;
