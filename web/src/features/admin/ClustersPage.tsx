// Program years (docs/product.md#admin-screens): create with the title rules, the table with 'Deactivated',
// 'default cluster' or a Deactivate button behind a confirmation naming the year.
import { useState } from 'react'
import { Body1, Button, Field, Input, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components'
import { TableRegion } from './TableRegion.js'
import { validateClusterTitle, type Cluster } from '@tandem/core'
import { useTranslation } from 'react-i18next'
import { messageOf, validation } from '../../shared/field.js'
import { useAdminCloseClusterMutation, useAdminCreateClusterMutation, useAdminGetClustersQuery } from './admin.api.js'
import { errorText } from './admin.i18n.js'
import { useAdminMessages } from './AdminMessages.js'
import { ConfirmDialog } from './ConfirmDialog.js'

const ClustersPage = () => {
  const { t } = useTranslation()
  const { show } = useAdminMessages()
  const clusters = useAdminGetClustersQuery()
  const [createCluster, creating] = useAdminCreateClusterMutation()
  const [closeCluster] = useAdminCloseClusterMutation()
  const [title, setTitle] = useState('')
  const [touched, setTouched] = useState(false)
  const [deactivating, setDeactivating] = useState<Cluster | null>(null)
  const errors = validateClusterTitle(title)

  const create = async () => {
    setTouched(true)
    if (errors.length > 0) return
    const reply = await createCluster(title.trim())
    if (reply.error !== undefined) return show('error', errorText(t, reply.error))
    show('success', t('admin.messages.cluster-created', { title: title.trim() }))
    setTitle('')
    setTouched(false)
  }

  const deactivate = async (cluster: Cluster) => {
    setDeactivating(null)
    const reply = await closeCluster(cluster.clusterId)
    if (reply.error !== undefined) return show('error', errorText(t, reply.error))
    show('success', t('admin.messages.cluster-deactivated', { title: cluster.clusterText }))
  }

  return (
    <section aria-labelledby="clusters-title">
      <h2 id="clusters-title">{t('admin.clusters.table')}</h2>
      <Body1 as="p">{t('admin.clusters.info')}</Body1>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void create()
        }}
        style={{ display: 'flex', gap: 12, alignItems: 'start', flexWrap: 'wrap' }}
      >
        <Field label={t('admin.clusters.title')} required {...validation(touched ? messageOf(t, errors[0]) : undefined)}>
          <Input
            value={title}
            onChange={(_e, d) => {
              setTitle(d.value)
              setTouched(true)
            }}
          />
        </Field>
        <Button type="submit" appearance="primary" disabled={creating.isLoading} style={{ marginTop: 22 }}>
          {t('admin.clusters.create')}
        </Button>
      </form>
      <TableRegion label={t('admin.clusters.table')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('admin.clusters.title')}</TableHeaderCell>
            <TableHeaderCell>{t('admin.clusters.action')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {(clusters.data ?? []).map((c) => (
            <TableRow key={c.clusterId}>
              <TableCell>{c.clusterText}</TableCell>
              <TableCell>
                {c.isEnded ? (
                  t('admin.clusters.deactivated')
                ) : c.isDefault ? (
                  t('admin.clusters.default')
                ) : (
                  <Button size="small" onClick={() => setDeactivating(c)} aria-label={`${t('admin.clusters.deactivate')} ${c.clusterText}`}>
                    {t('admin.clusters.deactivate')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </TableRegion>
      <ConfirmDialog
        open={deactivating !== null}
        text={t('admin.clusters.confirmDeactivate', { title: deactivating?.clusterText ?? '' })}
        onCancel={() => setDeactivating(null)}
        onConfirm={() => {
          if (deactivating !== null) void deactivate(deactivating)
        }}
      />
    </section>
  )
}
export default ClustersPage
