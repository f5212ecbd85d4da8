// Program statistics for administrators: the rules that turn counts into shown figures (their wire
// form lives with the other wire codecs in api/).
export * from './statistics.rules.js'
export * from './outcomes.rules.js'
export * from './waitlist.overview.js'
