// The profile image: accepted only as real png, jpeg or gif by its bytes (never by name or declared
// type), then re-encoded and shrunk with sharp so no metadata (location, camera) leaves the server.
import sharp from 'sharp'

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
const EDGE = 512

export type ImageType = 'png' | 'jpeg' | 'gif'

export const sniffImage = (bytes: Uint8Array): ImageType | null => {
  const starts = (sig: readonly number[]) => sig.every((b, i) => bytes[i] === b)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg'
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif'
  return null
}

/** Re-encodes the first frame; null when sharp cannot read it (a valid header with broken data). */
export const reencodeImage = async (bytes: Buffer, type: ImageType): Promise<{ mime: string; bytes: Buffer } | null> => {
  try {
    const pipeline = sharp(bytes, { limitInputPixels: 40_000_000, animated: false }).rotate()
      .resize(EDGE, EDGE, { fit: 'inside', withoutEnlargement: true })
    return type === 'jpeg'
      ? { mime: 'image/jpeg', bytes: await pipeline.jpeg({ quality: 85 }).toBuffer() }
      : { mime: 'image/png', bytes: await pipeline.png().toBuffer() }
  } catch {
    return null
  }
}
