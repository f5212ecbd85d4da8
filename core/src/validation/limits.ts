// The limits of docs/product.md#constants in one place, for the rules here, the server and the browser's hints.
// (Program-year title limits live beside the cluster codec: CLUSTER_TITLE_MAX, CLUSTER_TITLE_PATTERN.)

/** The country whose users pick a federal state (Germany). */
export const GERMANY_COUNTRY_ID = 64

export const CITY_MAX = 200
export const PROFESSIONAL_POSITION_MAX = 200
export const COMPANY_MAX = 200
export const PROFILE_ANSWER_MAX = 1000

export const QUESTIONNAIRE_TEXT_MAX = 200
export const YEAR_MIN = 1960

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024
export const PHOTO_MIME_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/jpg', 'image/gif']

export const DECLINE_COMMENT_MAX = 1000
/** Default maximum of text inputs with internal validation. */
export const DEFAULT_TEXT_MAX = 1000
/** Short text inputs when no maximum is given. */
export const SHORT_TEXT_MAX = 100

export const TEAM_ID_FILTER_MAX = 10

/**
 * The deepest nesting of objects and arrays a JSON body may have (the questionnaire file, the
 * deepest body, needs 7): deeper bodies are refused before anything reads them (docs/api.md, Limits).
 */
export const JSON_DEPTH_MAX = 32
