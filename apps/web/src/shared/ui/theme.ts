import { createTheme } from '@mui/material/styles';
import { MOBILE_BREAKPOINT_PX } from '@harbor/contracts/constants';

/**
 * Harbor's MUI theme. The `md` breakpoint is the spec's mobile breakpoint, so
 * `theme.breakpoints.down('md')` means "mobile" everywhere.
 */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b3d5c', contrastText: '#ffffff' },
    secondary: { main: '#0f7c8c' },
    background: { default: '#f5f7f9' },
  },
  breakpoints: { values: { xs: 0, sm: 600, md: MOBILE_BREAKPOINT_PX, lg: 1200, xl: 1536 } },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 600 },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    // Select menus never grow past 224 px (buyer spec section 9).
    MuiMenu: { styleOverrides: { paper: { maxHeight: 224 } } },
  },
});
