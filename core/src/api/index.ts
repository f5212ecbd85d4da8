// Wire codecs of every payload and response of docs/product.md#entities and docs/product.md#calls,
// shared by the HTTP adapter and the web app, with the decoder that turns io-ts errors into field
// errors.
export * from './wire.codec.js'
export * from './error.code.js'
export * from './envelope.codec.js'
export * from './account.codec.js'
export * from './profile.codec.js'
export * from './questionnaire.codec.js'
export * from './proposal.codec.js'
export * from './admin.codec.js'
export * from './ending.codec.js'
export * from './cohort.codec.js'
export * from './query.codec.js'
export * from './decode.js'
export * from './answers.mapping.js'
export * from './audit.codec.js'
export * from './statistics.codec.js'
export * from './questionnaire-versions.codec.js'
