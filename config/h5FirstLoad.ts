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
 * Shortens the H5 first load's request chain (index.html → app JS → page chunk) and paints before any of it runs:
 * - the app stylesheet is inlined into index.html instead of a render-blocking request;
 * - the app's own scripts (the shell) are preloaded, not run, while index.html is parsed, and so are the scripts of
 *   the page in the address bar (`/` → the entry page), in parallel, instead of after the bundle has run and the
 *   router asked for them. The route → files table is read from webpack's chunk groups: each page is one `import()`
 *   in Taro's route table, whose request is the page path;
 * - the shell starts, and the page's stylesheets are requested, once the browser has painted index.html's first
 *   frame of the route (src/index.html). Evaluating ~370 KB of script, or waiting on stylesheets the first frame does
 *   not use, before that paint only delays it; on a slow phone the first paint is then the route's title and static
 *   text, ~1 s sooner (docs/decisions/h5-first-paint.md).
 */
export class H5FirstLoadPlugin {
  constructor(private readonly options: H5FirstLoadOptions) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const headTags = data.headTags.map(
          (tag) => inlinedStylesheet(compilation, tag, data.publicPath) ?? shellPreload(tag) ?? tag,
        )
        const firstLoad = HtmlWebpackPlugin.createHtmlTagObject(
          'script',
          {},
          firstLoadScript(routeFiles(compilation), data.publicPath, this.options.entryPage),
        )
        return { ...data, headTags: [firstLoad, ...headTags] }
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

/** The attribute that marks a preload as one of the shell's scripts, which the first-load script runs in order. */
export const SHELL_ATTRIBUTE = 'data-lp-shell'

/** An app script of index.html (`<script defer src>`) → a preload of it that the first-load script runs. */
function shellPreload(tag: HtmlWebpackPlugin.HtmlTagObject) {
  const src = tag.tagName === 'script' ? tag.attributes.src : undefined
  if (typeof src !== 'string') return null
  return HtmlWebpackPlugin.createHtmlTagObject('link', {
    rel: 'preload',
    as: 'script',
    href: src,
    [SHELL_ATTRIBUTE]: true,
  })
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

/**
 * ES5 (the iOS 11 floor), inline first in index.html's head: runs before any bundle, so no build-time transpiling
 * applies to it. Preloads the address's page scripts at once; then, once the first frame has painted, preloads the
 * page's stylesheets and runs the shell's scripts in their order. "Painted" is when the browser reports its first
 * contentful paint (Paint Timing: Chrome 60, Safari 14.1), else the next animation frame, and in any case within a
 * second (a tab opened in the background paints nothing until shown). Where index.html drew no frame (an address the
 * app does not know) there is nothing to paint first: all start when the page is parsed.
 */
export function firstLoadScript(routes: Map<string, string[]>, publicPath: string, entryPage: string): string {
  const files = [...new Set([...routes.values()].flat())]
  const table = Object.fromEntries(
    [...routes].map(([page, pageFiles]) => [page, pageFiles.map((file) => files.indexOf(file))]),
  )
  return (
    '!function(w,d,f,r){var p=location.pathname.replace(/^\\/+|\\/+$/g,"")||' +
    JSON.stringify(entryPage) +
    ',c=r[p]||[],styles=[],started=0,i;' +
    'function preload(u,as){var l=d.createElement("link");l.rel="preload";l.as=as;l.href=' +
    JSON.stringify(publicPath) +
    '+u;d.head.appendChild(l)}' +
    'for(i=0;i<c.length;i++)/\\.css$/.test(f[c[i]])?styles.push(f[c[i]]):preload(f[c[i]],"script");' +
    'function start(){if(started)return;started=1;for(i=0;i<styles.length;i++)preload(styles[i],"style");' +
    `var l=d.querySelectorAll("link[${SHELL_ATTRIBUTE}]");` +
    'for(i=0;i<l.length;i++){var s=d.createElement("script");s.src=l[i].getAttribute("href");s.async=false;' +
    'd.head.appendChild(s)}}' +
    'function nextFrame(){w.requestAnimationFrame(function(){setTimeout(start,0)})}' +
    'function afterFirstPaint(){if(!d.querySelector(".lp-first-frame"))return start();setTimeout(start,1000);' +
    'var P=w.PerformanceObserver;' +
    'if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0)return nextFrame();' +
    // `type` with `buffered` is Chrome 77: an earlier engine throws, and falls back to the next frame.
    'try{new P(function(list,observer){if(!list.getEntriesByName("first-contentful-paint").length)return;' +
    'observer.disconnect();start()}).observe({type:"paint",buffered:true})}catch(e){nextFrame()}}' +
    'd.readyState==="loading"?d.addEventListener("DOMContentLoaded",afterFirstPaint):afterFirstPaint()' +
    '}(window,document,' +
    JSON.stringify(files) +
    ',' +
    JSON.stringify(table) +
    ');'
  )
}
