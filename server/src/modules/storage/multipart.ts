// A small multipart/form-data reader for the sandbox bucket's form uploads (one file plus text fields).

export interface MultipartForm {
  fields: Record<string, string>
  file: { fieldName: string; fileName: string; contentType: string; data: Buffer } | null
}

export function boundaryOf(contentType: string | undefined): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '')
  return match ? (match[1] ?? match[2]).trim() : null
}

export function parseMultipart(body: Buffer, boundary: string): MultipartForm {
  const form: MultipartForm = { fields: {}, file: null }
  const delimiter = Buffer.from(`--${boundary}`)
  let start = body.indexOf(delimiter)
  while (start !== -1) {
    const partStart = start + delimiter.length
    // '--' after the delimiter closes the body.
    if (body.subarray(partStart, partStart + 2).toString() === '--') break
    const next = body.indexOf(delimiter, partStart)
    if (next === -1) break
    const part = body.subarray(partStart + 2, next - 2) // drop the CRLF after the delimiter and before the next
    const headerEnd = part.indexOf('\r\n\r\n')
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('utf8')
      const content = part.subarray(headerEnd + 4)
      const name = /name="([^"]*)"/i.exec(headers)?.[1]
      const fileName = /filename="([^"]*)"/i.exec(headers)?.[1]
      if (name !== undefined && fileName !== undefined) {
        const contentType = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream'
        form.file = { fieldName: name, fileName, contentType, data: content }
      } else if (name !== undefined) {
        form.fields[name] = content.toString('utf8')
      }
    }
    start = next
  }
  return form
}
