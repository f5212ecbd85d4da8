// Saving a file fetched with the bearer token (an export, the person's own data) under the name the
// server gives in Content-Disposition: the browser's download, without a second request.

export const filenameOf = (disposition: string | null, fallback: string): string => {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')
  if (star?.[1] !== undefined) return decodeURIComponent(star[1])
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback
}

export const saveFile = (blob: Blob, filename: string): void => {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
