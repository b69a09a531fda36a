// Types of config/h5PlatformStub.js (plain ES5 JavaScript, bundled as it is).
export interface ParsedPlatform {
  os: { family: string | null; version: string | null; architecture: 32 | 64; toString(): string }
  manufacturer: string | null
  product: string | null
  ua: string
}

export function parseOs(ua: string): { family: string | null; version: string | null }
export function parse(ua: string): ParsedPlatform
declare const current: ParsedPlatform
export default current
