// Profile photos are served by the API to their owner and tandem partners only, so an <img> cannot
// load them by URL: the photo is fetched with the bearer token and shown from an object URL.
import { useEffect, useState } from 'react'
import { useAuth } from '../shell/services.context.js'
import { useAppSelector } from '../state/hooks.js'
import { selectConfig } from '../state/session.slice.js'
import { apiUrl } from '../state/config.js'

/** Sources shown as they are: none, or a local blob/data URL (a photo just picked, not yet saved). */
const immediate = (src: string | null): { readonly url: string | null } | null => {
  if (src === null || src === '' || src === '-') return { url: null }
  if (src.startsWith('blob:') || src.startsWith('data:')) return { url: src }
  return null
}

export const useAuthorizedImage = (src: string | null): string | null => {
  const auth = useAuth()
  const base = useAppSelector(selectConfig)?.apiBaseUrl ?? ''
  // the object URL with the source it was loaded for: a changed source shows nothing until it loads
  const [loaded, setLoaded] = useState<{ readonly src: string; readonly url: string } | null>(null)
  useEffect(() => {
    if (src === null || immediate(src) !== null) return undefined
    let objectUrl: string | null = null
    let cancelled = false
    void (async () => {
      const token = await auth.accessToken()
      const response = await fetch(/^https?:/.test(src) ? src : apiUrl(base, src), {
        headers: token === null ? {} : { authorization: `Bearer ${token}` },
      })
      if (!response.ok || cancelled) return
      objectUrl = URL.createObjectURL(await response.blob())
      setLoaded({ src, url: objectUrl })
    })().catch(() => setLoaded(null))
    return () => {
      cancelled = true
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl)
    }
  }, [src, base, auth])
  const shown = immediate(src)
  if (shown !== null) return shown.url
  return loaded !== null && loaded.src === src ? loaded.url : null
}
