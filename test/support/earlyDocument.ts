import { readFileSync } from 'node:fs'
import { INDEX_HTML } from '../../scripts/firstFrameTable'

// src/index.html's inline script (the first frame and the early requests), as the build writes it for an API base.

export function documentScript(apiBase: string): string {
  const html = readFileSync(INDEX_HTML, 'utf8')
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).find((s) => s.includes('EARLY'))
  if (!inline) throw new Error('src/index.html has no early-request script')
  // config/index.ts's htmlPluginOption fills in the template's apiBase.
  return inline.replace("'<%= htmlWebpackPlugin.options.apiBase %>'", JSON.stringify(apiBase))
}

/** Opens `path` as the browser does: a fresh document, then index.html's script, with whatever login is stored. */
export function openDocument(path: string, script: string): void {
  document.body.innerHTML = '<div id="app"></div>'
  window.history.replaceState(null, '', path)
  delete window.lpEarlyRequests
  new Function(script)()
}
