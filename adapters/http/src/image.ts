// The profile image: accepted only as real png, jpeg or gif by its bytes (the core's photo rule,
// never the name or declared type), then re-encoded and shrunk with sharp so no metadata (location,
// camera) leaves the server.
import { PHOTO_MAX_BYTES, sniffImageType } from '@tandem/core'
import sharp from 'sharp'

/** The upload limit of the multipart parser: the core's photo size limit. */
export const MAX_IMAGE_BYTES = PHOTO_MAX_BYTES
const EDGE = 512

/**
 * Re-encodes the first frame of bytes the core's photo rule accepted; null when they are no image
 * type at all or sharp cannot read them (a valid header with broken data).
 */
export const reencodeImage = async (bytes: Buffer): Promise<{ mime: string; bytes: Buffer } | null> => {
  const type = sniffImageType(bytes)
  if (type === null) return null
  try {
    const pipeline = sharp(bytes, { limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize(EDGE, EDGE, { fit: 'inside', withoutEnlargement: true })
    return type === 'jpeg'
      ? { mime: 'image/jpeg', bytes: await pipeline.jpeg({ quality: 85 }).toBuffer() }
      : { mime: 'image/png', bytes: await pipeline.png().toBuffer() }
  } catch {
    return null
  }
}
