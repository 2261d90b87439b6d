import { describe, expect, it } from 'vitest';
import { logFormatOptions } from './log-format.ts';

describe('log format', () => {
  it('JSON lines when stdout is not a terminal', () => {
    expect(logFormatOptions('auto', 'development', { isTTY: false })).toEqual({});
    expect(logFormatOptions('auto', 'production', {})).toEqual({});
  });

  it('pino-pretty on a terminal, in development and production alike', () => {
    for (const env of ['development', 'production']) {
      expect(logFormatOptions('auto', env, { isTTY: true }).transport).toMatchObject({ target: 'pino-pretty', options: { colorize: true } });
    }
  });

  it('tests keep JSON; LOG_FORMAT overrides the guess', () => {
    expect(logFormatOptions('auto', 'test', { isTTY: true })).toEqual({});
    expect(logFormatOptions('json', 'production', { isTTY: true })).toEqual({});
    expect(logFormatOptions('pretty', 'production', { isTTY: false }).transport).toMatchObject({ target: 'pino-pretty', options: { colorize: false } });
  });
});
