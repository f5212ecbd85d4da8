// The navigation bar of docs/product.md#navigation: logo, English / Deutsch switch, the role's items, the greeting
// with its profile/logout menu, or a sign-in link when nobody is signed in.
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { UserMenu } from './UserMenu.js'
import { LanguageSwitch } from './LanguageSwitch.js'
import { NavLink, useLocation, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { RoleName } from '@tandem/core'
import { useAuth } from './services.context.js'
import { useLanguage } from './language.js'
import { useAppSelector } from '../state/hooks.js'
import { selectUser } from '../state/session.slice.js'
import type { Me } from '../state/me.js'

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    padding: '8px 16px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    flexWrap: 'wrap',
  },
  logo: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase500 },
  // the role's items arrive after the first paint: on a narrow screen they take a row of their
  // own, reserved from the start (min-height), so their arrival moves nothing
  items: {
    display: 'flex',
    gap: '8px',
    flexGrow: 1,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    flexWrap: 'wrap',
    alignItems: 'center',
    minHeight: '32px',
    '@media (max-width: 719px)': { order: 1, flexBasis: '100%' },
  },
  link: { color: tokens.colorBrandForeground1, padding: '4px 8px', ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` } },
  lang: { display: 'flex', gap: '4px', '@media (max-width: 719px)': { marginLeft: 'auto' } },
})

type Item = { readonly to: string; readonly label: string }

export const navItems = (role: RoleName | undefined): readonly Item[] => {
  if (role === 'Admin') {
    return [
      { to: '/administrator/matching-tandems', label: 'nav.matchingTeams' },
      { to: '/administrator/mentees', label: 'nav.mentees' },
      { to: '/administrator/mentors', label: 'nav.mentors' },
      { to: '/administrator/user-information', label: 'nav.userInfo' },
      { to: '/administrator/clusters', label: 'nav.programYear' },
      { to: '/administrator/cohort-matching', label: 'nav.cohortMatching' },
      { to: '/administrator/waitlist', label: 'nav.waitlist' },
      { to: '/administrator/attention', label: 'nav.attention' },
      { to: '/administrator/audit', label: 'nav.audit' },
      { to: '/administrator/statistics', label: 'nav.statistics' },
      { to: '/administrator/learning', label: 'nav.learning' },
    ]
  }
  const items: Item[] = [{ to: '/matching', label: 'nav.dashboard' }]
  if (role === 'Mentee' || role === 'Both') items.push({ to: '/user/mentee-profile', label: 'nav.questionnaireMentee' })
  if (role === 'Mentor' || role === 'Both') items.push({ to: '/user/mentor-profile', label: 'nav.questionnaireMentor' })
  return items
}

export const NavBar = ({ me }: { readonly me: Me | undefined }) => {
  const styles = useStyles()
  const { t } = useTranslation()
  const auth = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const { language } = useLanguage()
  const signedIn = useAppSelector(selectUser)
  const name = me?.user.firstName ?? signedIn?.givenName ?? ''
  return (
    <header>
      <nav className={styles.bar} aria-label={t('nav.label')}>
        <Button appearance="transparent" className={styles.logo} onClick={() => void navigate('/')} aria-label={t('nav.home')}>
          Tandem
        </Button>
        {me !== undefined ? (
          <ul className={styles.items}>
            {navItems(me.role).map((item) => (
              <li key={item.to}>
                <NavLink className={styles.link} to={item.to}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        ) : (
          <span className={styles.items} />
        )}
        <LanguageSwitch className={styles.lang} />
        {signedIn ? (
          <UserMenu name={name} />
        ) : (
          <Button appearance="primary" onClick={() => void auth.signIn({ returnTo: location.pathname, signup: false, language })}>
            {t('nav.signIn')}
          </Button>
        )}
      </nav>
    </header>
  )
}
