// What every page has, signed in or not: a skip link (the first thing Tab reaches, visible when
// focused, moving the focus into the main region), the document title of the route, and a polite
// announcement of the new page after an in-app navigation (screen readers do not notice a
// client-side route change on their own).
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { makeStyles, tokens } from '@fluentui/react-components'
import { documentTitle, titleKeyOf } from './page.title.js'

const hidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  margin: '-1px',
  padding: 0,
  border: 0,
} as const

const useStyles = makeStyles({
  skip: {
    ...hidden,
    ':focus': {
      position: 'fixed',
      top: '8px',
      left: '8px',
      width: 'auto',
      height: 'auto',
      clip: 'auto',
      margin: 0,
      zIndex: 1000,
      padding: '8px 16px',
      backgroundColor: tokens.colorNeutralBackground1,
      color: tokens.colorBrandForeground1,
      outline: `2px solid ${tokens.colorStrokeFocus2}`,
      borderRadius: tokens.borderRadiusMedium,
    },
  },
  announcer: hidden,
  main: { ':focus': { outline: 'none' } },
})

export const MAIN_ID = 'main'

export const SkipLink = () => {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <a
      className={styles.skip}
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        e.preventDefault()
        document.getElementById(MAIN_ID)?.focus()
      }}
    >
      {t('page.skipToMain')}
    </a>
  )
}

/** Sets the title of the route and announces it when the route changes (not on the first load). */
export const RouteAnnouncer = ({ errorCode = null }: { readonly errorCode?: number | null }) => {
  const styles = useStyles()
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const page = t(titleKeyOf(pathname, errorCode))
  const [announcement, setAnnouncement] = useState('')
  // the path last announced: the first page and a language switch (same path) are not announced
  const announced = useRef(pathname)
  useEffect(() => {
    document.title = documentTitle(page)
  }, [page])
  useEffect(() => {
    if (announced.current === pathname) return
    announced.current = pathname
    setAnnouncement(page)
  }, [pathname, page])
  return (
    <div className={styles.announcer} role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  )
}

/** The one main landmark of a page; focusable by script so the skip link can move the focus there. */
export const Main = ({ className, children }: { readonly className?: string; readonly children: ReactNode }) => {
  const styles = useStyles()
  return (
    <main id={MAIN_ID} tabIndex={-1} className={[styles.main, className].filter(Boolean).join(' ')}>
      {children}
    </main>
  )
}
