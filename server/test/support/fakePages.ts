// The pages the payment fakes show a payer's browser (their cashiers): bare HTML, enough for a test to read and tap.

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
}

/** A whole page; `body` is HTML already (escape what it quotes). */
export function html(title: string, body: string): string {
  return (
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`
  )
}
