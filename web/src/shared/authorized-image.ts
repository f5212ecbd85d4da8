// Profile photos are served by the API to their owner and tandem partners only, so an <img> cannot
// load them by URL: the photo is fetched with the bearer token and shown from an object URL.
import { useEffect, useState } from 'react'
import { useAuth } from '../app/services.context.js'
import { useAppSelector } from '../app/hooks.js'
import { selectConfig } from '../app/session.slice.js'
import { apiUrl } from '../app/config.js'

export const useAuthorizedImage = (src: string | null): string | null => {
  const auth = useAuth()
  const base = useAppSelector(selectConfig)?.apiBaseUrl ?? ''
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (src === null || src === '' || src === '-') {
      setUrl(null)
      return undefined
    }
    if (src.startsWith('blob:') || src.startsWith('data:')) {
      setUrl(src)
      return undefined
    }
    let objectUrl: string | null = null
    let cancelled = false
    void (async () => {
      const token = await auth.accessToken()
      const response = await fetch(/^https?:/.test(src) ? src : apiUrl(base, src), { headers: token === null ? {} : { authorization: `Bearer ${token}` } })
      if (!response.ok || cancelled) return
      objectUrl = URL.createObjectURL(await response.blob())
      setUrl(objectUrl)
    })().catch(() => setUrl(null))
    return () => {
      cancelled = true
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl)
    }
  }, [src, base, auth])
  return url
}
