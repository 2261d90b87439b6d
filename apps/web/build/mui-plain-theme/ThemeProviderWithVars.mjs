// Stand-in for @mui/material/styles/ThemeProviderWithVars.mjs (see plain-mui-theme.ts).
const unused = () => {
  throw new Error('Harbor builds MUI without CSS-variables themes (apps/web/build/plain-mui-theme.ts)');
};
export const CssVarsProvider = unused;
export const useColorScheme = unused;
export const getInitColorSchemeScript = unused;
export const Experimental_CssVarsProvider = unused;
