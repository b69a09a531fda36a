import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { Compilation, sources, type Compiler } from 'webpack'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

// Text the browser downloads; images and fonts are compressed formats already.
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/
// Below this the headers outweigh the saving.
const MIN_BYTES = 1024

/**
 * Writes a `.br` and a `.gz` sibling of every text asset of the H5 build, so the server can send them as they are
 * (@fastify/static `preCompressed`) instead of compressing each response, and at the highest levels, which are too
 * slow to run per request. A sibling larger than its original is not written. Every build writes them, whatever its
 * mode; watch builds (the dev server) do not.
 */
export class PrecompressAssetsPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PrecompressAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After minification and after index.html is written (html-webpack-plugin emits it earlier).
        { name: 'PrecompressAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          // `--watch` (npm run dev:h5): webpack-dev-server serves from memory and brotli 11 would slow every rebuild.
          if (compiler.watchMode) return
          const names = Object.keys(assets).filter((name) => COMPRESSIBLE.test(name))
          await Promise.all(names.map((name) => precompress(compilation, name)))
        },
      )
    })
  }
}

async function precompress(compilation: Compilation, name: string): Promise<void> {
  const asset = compilation.getAsset(name)
  if (!asset) return
  const content = asset.source.buffer()
  if (content.length < MIN_BYTES) return
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ])
  for (const [compressed, extension] of [
    [br, 'br'],
    [gz, 'gz'],
  ] as const) {
    if (compressed.length >= content.length) continue
    compilation.emitAsset(`${name}.${extension}`, new sources.RawSource(compressed), {
      compressed: true,
      immutable: asset.info.immutable,
    })
  }
}
