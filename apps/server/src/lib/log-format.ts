/**
 * How the server's log lines look. pino writes one JSON object per line, which is what log
 * collectors want when stdout is a file or a pipe; on a terminal (someone typed
 * `npm start`) pino-pretty prints readable lines instead. LOG_FORMAT overrides the guess.
 */
export type LogFormat = 'auto' | 'json' | 'pretty';

/** pino options that select the format: a pino-pretty transport, or none for JSON. */
export function logFormatOptions(
  format: LogFormat,
  nodeEnv: string,
  stdout: { isTTY?: boolean } = process.stdout,
): { transport?: { target: string; options: Record<string, unknown> } } {
  const terminal = stdout.isTTY === true;
  // Tests run on a terminal too, but their logs are asserted on or silenced: keep JSON there.
  const pretty = format === 'pretty' || (format === 'auto' && terminal && nodeEnv !== 'test');
  if (!pretty) return {};
  return {
    transport: {
      target: 'pino-pretty',
      // The transport runs in a worker whose stdout is no terminal: say whether to colour.
      options: { colorize: terminal, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
    },
  };
}
