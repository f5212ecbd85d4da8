// Program statistics for administrators: the rules that turn counts into shown figures, and the wire form.
export * from './statistics.rules.js'
export * from './statistics.codec.js'
