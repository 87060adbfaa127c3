import { createTheme } from '@mui/material/styles';

/** A calm, dense console theme: navy chrome, taxi-amber accent, neutral surfaces for long shifts. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1f3a5f', light: '#4a6488', dark: '#14263d', contrastText: '#ffffff' },
    secondary: { main: '#f5b400', contrastText: '#1b1b1b' },
    success: { main: '#2e7d32' },
    error: { main: '#c62828' },
    background: { default: '#eef1f5', paper: '#ffffff' },
    text: { primary: '#1c2430', secondary: '#5b6574' },
    divider: '#dde2e9',
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: '"Inter", "Roboto", "Segoe UI", "Helvetica Neue", Arial, sans-serif',
    fontSize: 13,
    h5: { fontWeight: 600, fontSize: '1.25rem' },
    h6: { fontWeight: 600, fontSize: '1.05rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiListItemButton: { defaultProps: { dense: true } },
    MuiTable: { defaultProps: { size: 'small' } },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiToolbar: { styleOverrides: { dense: { minHeight: 52 } } },
    MuiCssBaseline: {
      styleOverrides: { body: { WebkitFontSmoothing: 'antialiased' } },
    },
  },
});

export const DRAWER_WIDTH = 248;
