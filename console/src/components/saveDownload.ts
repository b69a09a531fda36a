/** Saves a blob under the server's file name, as a download the browser keeps. */
export function saveDownload(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the blob to the download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
