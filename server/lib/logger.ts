// Structured logs: one JSON object per line on stdout. Never log tokens, passwords or bodies.
export type LogFields = Record<string, unknown>;

export interface Logger {
  info: (msg: string, fields?: LogFields) => void;
  warn: (msg: string, fields?: LogFields) => void;
  error: (msg: string, fields?: LogFields) => void;
}

export function createLogger(enabled = true): Logger {
  const write = (level: string, msg: string, fields?: LogFields) => {
    if (!enabled) return;
    process.stdout.write(
      `${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`,
    );
  };
  return {
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
  };
}
