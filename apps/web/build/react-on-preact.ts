/**
 * The web app is written against React's API and runs on preact/compat: the
 * build gets these aliases from @preact/preset-vite, and the unit tests from
 * here, so tests render with the same library the browser gets.
 */
export const reactOnPreact = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // react-i18next's shim is CommonJS, which Vite does not transform in tests; preact/compat has the hook itself.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

/** Packages that import React: run through Vite in tests (not Node's loader) so the aliases reach them. */
export const reactDependents = [/[\\/]preact[\\/]/, /@mui\//, /@emotion\//, /react-router/, /@tanstack\/react-query/, /react-i18next/, /react-hook-form/, /react-transition-group/, /@hookform\//, /@testing-library\//];
