// Page buttons under the admin tables, five at a time with previous/next block buttons.
import { Button } from '@fluentui/react-components'
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { PAGES_SHOWN, pageCount, pageWindow } from './pagination.js'

export const Pagination = ({
  rows,
  page,
  onPage,
  label,
  size,
}: {
  readonly rows: number
  readonly page: number
  readonly onPage: (page: number) => void
  /** The name of the navigation, when a page has more than one (landmarks need distinct names). */
  readonly label?: string
  readonly size?: number
}) => {
  const { t } = useTranslation()
  const count = pageCount(rows, size)
  if (count <= 1) return null
  const pages = pageWindow(page, count)
  const first = pages[0] ?? 1
  const last = pages[pages.length - 1] ?? 1
  return (
    <nav aria-label={label ?? t('admin.lists.pagination')} style={{ display: 'flex', gap: 4, marginTop: 8 }}>
      <Button
        size="small"
        icon={<ChevronLeftRegular />}
        aria-label={t('admin.lists.previousPages')}
        disabled={first === 1}
        onClick={() => onPage(Math.max(1, first - PAGES_SHOWN))}
      />
      {pages.map((p) => (
        <Button
          key={p}
          size="small"
          appearance={p === page ? 'primary' : 'secondary'}
          aria-current={p === page ? 'page' : undefined}
          aria-label={t('admin.lists.page', { page: p })}
          onClick={() => onPage(p)}
        >
          {p}
        </Button>
      ))}
      <Button
        size="small"
        icon={<ChevronRightRegular />}
        aria-label={t('admin.lists.nextPages')}
        disabled={last === count}
        onClick={() => onPage(last + 1)}
      />
    </nav>
  )
}
