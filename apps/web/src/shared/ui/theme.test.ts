import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

// The build swaps MUI's CSS-variables theme code for stand-ins that throw
// (apps/web/build/plain-mui-theme.ts): the theme must stay a plain one.
describe('theme', () => {
  it('is a plain MUI theme, without CSS variables or colour schemes', () => {
    expect(theme.vars).toBeFalsy();
    expect('colorSchemes' in theme && theme.colorSchemes && Object.keys(theme.colorSchemes).length > 1).toBe(false);
    expect('cssVarPrefix' in theme).toBe(false);
    expect(theme.palette.primary.main).toBe('#0b3d5c');
  });
});
