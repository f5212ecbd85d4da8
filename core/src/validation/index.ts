// Validation rules of docs/product.md#validation, pure and shared by the server and the browser, with their limits and
// message keys. Each rule returns field errors (empty = valid) or an Either.
export * from './limits.js'
export * from './text.rules.js'
export * from './json.depth.js'
export * from './profile.rules.js'
export * from './photo.rules.js'
export * from './questionnaire.rules.js'
export * from './publishing.rules.js'
export * from './admin.rules.js'
export * from './account-deletion.rules.js'
export * from './completeness.rules.js'
