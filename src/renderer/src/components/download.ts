/** Saving text the app made (an export) as a file, in the browser and in the desktop window alike. */

/** Saves text as a file in the browser (no server round trip): a Blob behind an object URL. */
export function download(filename: string, mime: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${mime};charset=utf-8` }))
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.appendChild(a)
  a.click()
  a.remove()
  // The download has its own copy once started; free the URL on the next tick.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
