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
 * - the app's own scripts (the shell) are not `<script defer src>` tags: the first-load script starts them, and the
 *   scripts and stylesheets of the page in the address bar (`/` → the entry page), in parallel, instead of after the
 *   bundle has run and the router asked for them. The route → files table is read from webpack's chunk groups: each
 *   page is one `import()` in Taro's route table, whose request is the page path;
 * - all of it starts once the browser has painted index.html's first frame of the route (src/index.html). Evaluating
 *   ~370 KB of script before that paint only delays it, and downloading it then shares the link with the rest of the
 *   HTML; on a slow phone the first paint is the route's title and static text, ~1 s sooner (docs/decisions.md
 *   § Issue 21 — paint first, then start the app, and § Issue 21 — nothing requested before the first paint).
 */
export class H5FirstLoadPlugin {
  constructor(private readonly options: H5FirstLoadOptions) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const shell = data.headTags.flatMap(shellScript)
        const headTags = data.headTags
          .map((tag) => (shellScript(tag)[0] === shell[shell.length - 1] ? entryPreload(shell[shell.length - 1]) : tag))
          .filter((tag) => shellScript(tag).length === 0)
          .map((tag) => inlinedStylesheet(compilation, tag, data.publicPath) ?? tag)
        const firstLoad = HtmlWebpackPlugin.createHtmlTagObject(
          'script',
          { [SHELL_ATTRIBUTE]: shell.join(' ') },
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

/**
 * The first-load script's attribute listing the shell's scripts (space-separated, in order), which it starts after
 * the first paint; bench/size reads the shell from it.
 */
export const SHELL_ATTRIBUTE = 'data-lp-shell'

/** An app script of index.html (`<script defer src>`) → its address, which the first-load script starts. */
function shellScript(tag: HtmlWebpackPlugin.HtmlTagObject): string[] {
  const src = tag.tagName === 'script' ? tag.attributes.src : undefined
  return typeof src === 'string' ? [src] : []
}

/**
 * The shell's last script, the app's entry (~80 KB gzip, half of a page's first load), is preloaded from the parse:
 * waiting for the paint would add the parse-to-paint time to every start. Its evaluation is one long task after the
 * paint, which Lighthouse's simulation matches to the request and leaves out of the paint's graph, unlike the small
 * scripts (evaluated in tasks under 10 ms, which it prunes).
 */
function entryPreload(href: string) {
  return HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href })
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
 * applies to it. Once the first frame has painted, preloads the address's page scripts and stylesheets and the
 * shell's scripts (its own SHELL_ATTRIBUTE), and runs the shell's scripts in their order. Nothing is requested before
 * that paint: on a slow link the downloads would share it with the HTML still arriving, and Lighthouse's simulation
 * puts every request that ended before the observed paint in front of it (docs/decisions.md § Issue 21 — nothing
 * requested before the first paint). "Painted" is when the browser reports its first contentful paint (Paint
 * Timing: Chrome 60, Safari 14.1), else the next animation frame, and in any case within a second (a tab opened in
 * the background paints nothing until shown). Where index.html drew no frame (an address the app does not know) there
 * is nothing to paint first: all start when the page is parsed.
 */
export function firstLoadScript(routes: Map<string, string[]>, publicPath: string, entryPage: string): string {
  const files = [...new Set([...routes.values()].flat())]
  const table = Object.fromEntries(
    [...routes].map(([page, pageFiles]) => [page, pageFiles.map((file) => files.indexOf(file))]),
  )
  return (
    '!function(w,d,f,r,shell){var p=location.pathname.replace(/^\\/+|\\/+$/g,"")||' +
    JSON.stringify(entryPage) +
    ',c=r[p]||[],started=0,i;' +
    'function preload(u,as){var l=d.createElement("link");l.rel="preload";l.as=as;l.href=u;d.head.appendChild(l)}' +
    'function start(){if(started)return;started=1;' +
    // The shell first, as its preloads in index.html were (it runs first), and as preloads, fetched at the same
    // priority as before (High); the script elements then take the preloaded responses.
    'for(i=0;i<shell.length;i++)preload(shell[i],"script");' +
    'for(i=0;i<c.length;i++)preload(' +
    JSON.stringify(publicPath) +
    '+f[c[i]],/\\.css$/.test(f[c[i]])?"style":"script");' +
    'for(i=0;i<shell.length;i++){var s=d.createElement("script");s.src=shell[i];s.async=false;d.head.appendChild(s)}}' +
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
    `,(document.currentScript.getAttribute("${SHELL_ATTRIBUTE}")||"").split(" ").filter(String));`
  )
}
