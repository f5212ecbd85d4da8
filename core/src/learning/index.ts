// Learning from outcomes (docs/learning.md): what a good team is, the model, and the suggested weights.
export * from './good-team.rules.js'
export * from './logistic.fit.js'
export * from './learning.report.js'
