// Stand-in for @mui/material/styles/createThemeWithVars.mjs (see plain-mui-theme.ts).
const unused = () => {
  throw new Error('Harbor builds MUI without CSS-variables themes (apps/web/build/plain-mui-theme.ts)');
};
export const createGetCssVar = unused;
export default unused;
