import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PHOTO_MAX_BYTES, sniffImageType, validatePhoto, validatePhotoBytes } from '../src/validation/index.js'

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16])
const gif = new TextEncoder().encode('GIF89a\x01\x00')
const gif87 = new TextEncoder().encode('GIF87a\x01\x00')

describe('validatePhoto', () => {
  it('accepts png, jpeg, jpg and gif up to 5 MB', () => {
    for (const mimeType of ['image/png', 'image/jpeg', 'image/jpg', 'image/gif', 'IMAGE/PNG'])
      expect(validatePhoto({ mimeType, sizeBytes: PHOTO_MAX_BYTES })).toEqual([])
  })
  it('refuses a photo larger than 5 MB with the invalid-image message', () => {
    expect(validatePhoto({ mimeType: 'image/png', sizeBytes: PHOTO_MAX_BYTES + 1 })).toEqual([
      { field: 'imageFile', key: 'invalid-profile-image' },
    ])
  })
  it('refuses other types and empty files', () => {
    for (const mimeType of ['image/webp', 'image/svg+xml', 'application/pdf', ''])
      expect(validatePhoto({ mimeType, sizeBytes: 100 })).toEqual([{ field: 'imageFile', key: 'invalid-profile-image' }])
    expect(validatePhoto({ mimeType: 'image/png', sizeBytes: 0 })).toHaveLength(1)
  })
})

describe('sniffImageType', () => {
  it('recognises images by their magic numbers, not their names', () => {
    expect(sniffImageType(png)).toBe('png')
    expect(sniffImageType(jpeg)).toBe('jpeg')
    expect(sniffImageType(gif)).toBe('gif')
    expect(sniffImageType(gif87)).toBe('gif')
  })
  it('refuses a script, an SVG and truncated headers', () => {
    for (const text of ['<script>alert(1)</script>', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'GIF8', ''])
      expect(sniffImageType(new TextEncoder().encode(text))).toBeNull()
    expect(sniffImageType(png.slice(0, 7))).toBeNull()
  })
  it('property: bytes that do not start with a known signature are never an image', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 16 }).filter((b) => b[0] !== 0x89 && b[0] !== 0xff && b[0] !== 0x47),
        (bytes) => {
          expect(sniffImageType(bytes)).toBeNull()
        },
      ),
    )
  })
  it('validatePhotoBytes refuses non-images and images over 5 MB', () => {
    expect(validatePhotoBytes(png)).toEqual([])
    expect(validatePhotoBytes(new TextEncoder().encode('not an image'))).toHaveLength(1)
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1)
    big.set(png)
    expect(validatePhotoBytes(big)).toEqual([{ field: 'imageFile', key: 'invalid-profile-image' }])
  })
})
