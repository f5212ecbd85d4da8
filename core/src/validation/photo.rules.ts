// Profile photo rules (docs/product.md#photo): png, jpeg, jpg or gif, at most 5 MB. The server trusts the bytes,
// not the file name or the declared type, so it sniffs the magic number as well.
import { PHOTO_MAX_BYTES, PHOTO_MIME_TYPES } from './limits.js'
import { type FieldError, fieldError } from '../messages.js'

export type ImageType = 'png' | 'jpeg' | 'gif'

export const PHOTO_FIELD = 'imageFile'

/** Declared type and size of an upload (the browser checks this before sending). */
export const validatePhoto = (photo: { readonly mimeType: string; readonly sizeBytes: number }): readonly FieldError[] =>
  PHOTO_MIME_TYPES.includes(photo.mimeType.toLowerCase()) && photo.sizeBytes > 0 && photo.sizeBytes <= PHOTO_MAX_BYTES
    ? []
    : [fieldError(PHOTO_FIELD, 'invalid-profile-image')]

const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b)

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const JPEG = [0xff, 0xd8, 0xff]
const GIF87 = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]
const GIF89 = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]

/** The image type by its magic number, or null when the bytes are none of the accepted types. */
export const sniffImageType = (bytes: Uint8Array): ImageType | null =>
  startsWith(bytes, PNG) ? 'png' : startsWith(bytes, JPEG) ? 'jpeg' : startsWith(bytes, GIF87) || startsWith(bytes, GIF89) ? 'gif' : null

/** The server's check of an upload: its bytes must be an accepted image of at most 5 MB. */
export const validatePhotoBytes = (bytes: Uint8Array): readonly FieldError[] =>
  bytes.length <= PHOTO_MAX_BYTES && sniffImageType(bytes) !== null ? [] : [fieldError(PHOTO_FIELD, 'invalid-profile-image')]
