// The greeting 'Hi, {name}!' opening a small menu with 'user profile' and 'logout'. A disclosure
// (button + list) rather than a positioned popup menu, so the first download stays small; Escape
// and a click elsewhere close it, and focus returns to the button.
import { useEffect, useId, useRef, useState } from 'react'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useAuth } from './services.context.js'

const useStyles = makeStyles({
  root: { position: 'relative' },
  list: {
    position: 'absolute',
    right: 0,
    top: '100%',
    zIndex: 10,
    margin: 0,
    padding: '4px',
    listStyleType: 'none',
    minWidth: '160px',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    borderRadius: tokens.borderRadiusMedium,
  },
  item: { width: '100%', justifyContent: 'flex-start' },
})

export const UserMenu = ({ name }: { readonly name: string }) => {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const auth = useAuth()
  const [open, setOpen] = useState(false)
  const listId = useId()
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (root.current !== null && !root.current.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [open])
  const close = () => {
    setOpen(false)
    root.current?.querySelector('button')?.focus()
  }
  return (
    // catches Escape bubbling up from the menu's buttons; the wrapper itself is not a control
    <div
      className={styles.root}
      ref={root}
      role="presentation"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) close()
      }}
    >
      <Button appearance="subtle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {t('nav.greeting', { name })}
      </Button>
      {open && (
        <ul id={listId} className={styles.list}>
          <li>
            <Button
              className={styles.item}
              appearance="subtle"
              onClick={() => {
                setOpen(false)
                void navigate('/user/account')
              }}
            >
              {t('nav.userProfile')}
            </Button>
          </li>
          <li>
            <Button className={styles.item} appearance="subtle" onClick={() => void auth.signOut()}>
              {t('nav.logout')}
            </Button>
          </li>
        </ul>
      )}
    </div>
  )
}
