import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const STAND_INS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'mui-plain-theme');
const CSS_VARS_MODULE = /^\.\/(createThemeWithVars|ThemeProviderWithVars)\.mjs$/;
const MUI_STYLES = `${path.sep}@mui${path.sep}material${path.sep}styles${path.sep}`;

/**
 * Harbor's theme is a plain MUI theme (no `cssVariables`, no `colorSchemes`),
 * which MUI builds with createThemeNoVars and provides with ThemeProviderNoVars.
 * Yet createTheme and ThemeProvider import the CSS-variables machinery
 * statically: about 6 KB gzip on every route for code that never runs. This
 * swaps those two modules for stand-ins that throw if they ever are called
 * (theme.test.ts checks that the theme stays plain).
 */
export function plainMuiTheme(): Plugin {
  return {
    name: 'harbor-plain-mui-theme',
    enforce: 'pre',
    resolveId(source, importer) {
      const match = CSS_VARS_MODULE.exec(source);
      if (!match || !importer?.includes(MUI_STYLES)) return null;
      return path.join(STAND_INS, `${match[1]}.mjs`);
    },
  };
}
