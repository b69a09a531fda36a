import type { FirstLoad, H5Sizes } from './h5FirstLoad'

// Made-up H5 size figures for the size readers' tests: a weight in gzip KiB (raw three times that).

export const firstLoadOf = (gzipKiB: number): FirstLoad => ({
  js: { raw: gzipKiB * 3072, gzip: gzipKiB * 1024 },
  css: { raw: 0, gzip: 0 },
  sent: gzipKiB * 900,
  files: [],
})

/** A build whose shell weighs `shell` KiB gzip and whose routes' first loads weigh what each pair says. */
export const h5SizesOf = (shell: number, routes: [string, number][]): H5Sizes => ({
  entry: firstLoadOf(shell),
  routes: routes.map(([path, kib]) => ({
    path,
    firstLoad: firstLoadOf(kib),
    ownChunks: firstLoadOf(kib - shell),
    afterHome: firstLoadOf(0),
  })),
  duplicatedCss: [],
})
