/** A Markdown table padded to line up in a terminal too. Columns after the first are right-aligned (figures). */
export function markdownTable(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((row) => row.map(String))]
  const widths = headers.map((_, column) => Math.max(3, ...cells.map((row) => (row[column] ?? '').length)))
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(' | ')} |`
  const rule = `| ${widths.map((width, column) => (column === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`
  return [line(cells[0]), rule, ...cells.slice(1).map(line)].join('\n')
}

export const kib = (bytes: number): string => (bytes / 1024).toFixed(1)
