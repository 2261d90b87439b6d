import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

describe('theme', () => {
  it('uses the product’s colours', () => {
    expect(theme.palette.primary.main).toBe('#0b3d5c');
  });
});
