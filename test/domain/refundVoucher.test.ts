import { voucherImageType } from '@domain/refundVoucher'

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)))

describe('voucherImageType: by the bytes, never the name', () => {
  it.each([
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'image/png'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF'), 'image/jpeg'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif'],
    ['GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['WebP', bytes('RIFF', [26, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
  ])('%s', (_name, content, type) => expect(voucherImageType(content)).toBe(type))

  it.each([
    ['HTML renamed .png', bytes('<!doctype html><script>alert(1)</script>')],
    ['plain text', bytes('transfer done')],
    ['a PNG signature cut short', bytes([0x89], 'PNG')],
    ['RIFF that is not WebP (WAV)', bytes('RIFF', [26, 0, 0, 0], 'WAVEfmt ')],
    ['PDF', bytes('%PDF-1.7')],
    ['SVG (script inside an image type)', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['nothing', bytes()],
  ])('%s is not an image', (_name, content) => expect(voucherImageType(content)).toBeUndefined())
})
