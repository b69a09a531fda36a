import HtmlWebpackPlugin from 'html-webpack-plugin'
import type { Compilation, Compiler } from 'webpack'

const NAME = 'H5FirstLoadPlugin'
// The app stylesheet is small; a large one is better cached on its own than repeated in every index.html.
const MAX_INLINE_CSS_BYTES = 20 * 1024

interface H5FirstLoadOptions {
  /** The page `/` shows (app.config's entryPagePath), e.g. 'pages/home/index'. */
  entryPage: string
}

/**
 * Shortens the H5 first load's request chain (index.html → app JS → page chunk):
 * - the app stylesheet is inlined into index.html instead of a render-blocking request;
 * - a small inline script requests the chunks of the page in the address bar (`/` → the entry page) as soon as
 *   index.html is parsed, in parallel with the app bundle, instead of after the bundle has run and the router asked
 *   for them. The route → files table is read from webpack's chunk groups: each page is one `import()` in Taro's
 *   route table, whose request is the page path.
 */
export class H5FirstLoadPlugin {
  constructor(private readonly options: H5FirstLoadOptions) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const headTags = data.headTags.map((tag) => inlinedStylesheet(compilation, tag, data.publicPath) ?? tag)
        const preload = HtmlWebpackPlugin.createHtmlTagObject(
          'script',
          {},
          routePreloadScript(routeFiles(compilation), data.publicPath, this.options.entryPage),
        )
        return { ...data, headTags: [preload, ...headTags] }
      })
    })
  }
}

function inlinedStylesheet(compilation: Compilation, tag: HtmlWebpackPlugin.HtmlTagObject, publicPath: string) {
  const href = tag.tagName === 'link' && tag.attributes.rel === 'stylesheet' ? String(tag.attributes.href ?? '') : ''
  if (!href.startsWith(publicPath)) return null
  const css = compilation.getAsset(href.slice(publicPath.length))?.source.source().toString()
  if (css === undefined || Buffer.byteLength(css) > MAX_INLINE_CSS_BYTES || css.includes('</style')) return null
  return HtmlWebpackPlugin.createHtmlTagObject('style', {}, css)
}

/** Page path (as in app.config, no leading slash) → the JS and CSS files its `import()` loads. */
export function routeFiles(compilation: Compilation): Map<string, string[]> {
  const routes = new Map<string, string[]>()
  for (const group of compilation.chunkGroups) {
    if (group.isInitial()) continue
    for (const origin of group.origins) {
      const page = origin.request?.replace(/^\.\//, '')
      if (!page || !/^(pages|subpackages)\//.test(page)) continue
      const files = group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => /\.(js|css)$/.test(file))
      routes.set(page, [...new Set([...(routes.get(page) ?? []), ...files])])
    }
  }
  return routes
}

/** ES5 (the iOS 11 floor): runs before any bundle, so no build-time transpiling applies to it. */
export function routePreloadScript(routes: Map<string, string[]>, publicPath: string, entryPage: string): string {
  const files = [...new Set([...routes.values()].flat())]
  const table = Object.fromEntries(
    [...routes].map(([page, pageFiles]) => [page, pageFiles.map((file) => files.indexOf(file))]),
  )
  return (
    '!function(f,r,d){var p=location.pathname.replace(/^\\/+|\\/+$/g,"")||' +
    JSON.stringify(entryPage) +
    ',c=r[p]||[];for(var i=0;i<c.length;i++){var l=d.createElement("link"),u=f[c[i]];' +
    'l.rel="preload";l.as=/\\.css$/.test(u)?"style":"script";l.href=' +
    JSON.stringify(publicPath) +
    '+u;d.head.appendChild(l)}}(' +
    JSON.stringify(files) +
    ',' +
    JSON.stringify(table) +
    ',document);'
  )
}
