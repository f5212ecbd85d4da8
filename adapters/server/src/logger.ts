// Structured logs (pino) with credentials redacted wherever they might appear.
import { pino, type Logger } from 'pino'

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.authorization',
  '*.cookie',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.password',
  'token',
  'password',
]

export const createLogger = (level: string, destination?: NodeJS.WritableStream): Logger =>
  pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination as never)
