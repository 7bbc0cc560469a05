// Structured logs: one JSON object per line on stdout.

export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export interface Logger {
  readonly level: LogLevel
  error(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  debug(msg: string, fields?: Record<string, unknown>): void
}

/** Whether `value` names a log level. */
export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value)
}

/**
 * A logger writing JSON lines at `level` and above.
 *
 * @example
 * createLogger('info').info('request', { method: 'GET', path: '/health', status: 200, ms: 0.4 })
 */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const rank = LOG_LEVELS.indexOf(level)
  const at =
    (name: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (rank < LOG_LEVELS.indexOf(name)) return
      write(JSON.stringify({ time: new Date().toISOString(), level: name, msg, ...fields }))
    }
  return { level, error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') }
}
