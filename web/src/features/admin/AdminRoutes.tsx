// The administrator route group (SPEC §2), its own lazily loaded chunk. The admin screens are
// another issue: each path renders the admin navigation and its title until they are filled in.
import { Route, Routes, NavLink } from 'react-router'
import { useTranslation } from 'react-i18next'
import { navItems } from '../../app/NavBar.js'
import { ErrorPage } from '../errors/ErrorPage.js'

export const ADMIN_PATHS = ['matching-tandems', 'mentees', 'mentors', 'user-information', 'clusters'] as const

const AdminNavigation = ({ current }: { readonly current: string }) => {
  const { t } = useTranslation()
  const item = navItems('Admin').find((i) => i.to.endsWith(`/${current}`))
  return (
    <section aria-labelledby="admin-title">
      <h1 id="admin-title">{item === undefined ? '' : t(item.label)}</h1>
      <nav aria-label={t('nav.admin')}>
        <ul>
          {navItems('Admin').map((i) => (
            <li key={i.to}><NavLink to={i.to}>{t(i.label)}</NavLink></li>
          ))}
        </ul>
      </nav>
    </section>
  )
}

const AdminRoutes = () => (
  <Routes>
    {ADMIN_PATHS.map((p) => (
      <Route key={p} path={p} element={<AdminNavigation current={p} />} />
    ))}
    <Route path="*" element={<ErrorPage code={404} />} />
  </Routes>
)
export default AdminRoutes
