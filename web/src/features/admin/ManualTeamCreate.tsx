// Manual team creation (docs/product.md#admin-screens, docs/product.md#admin-forms): mentee and mentor pickers, both required and
// different users, a confirmation, then 'admin-mentor-created-text'.
import { useState } from 'react'
import { Button } from '@fluentui/react-components'
import { validateManualTandem, type PickerUser } from '@tandem/core'
import { useTranslation } from 'react-i18next'
import { messageOf } from '../../shared/field.js'
import { useAdminCreateManualTandemMutation, useAdminGetManualMatchingMasterDataQuery } from './admin.api.js'
import { errorText } from './admin.i18n.js'
import { useAdminMessages } from './AdminMessages.js'
import { ConfirmDialog } from './ConfirmDialog.js'
import { UserPicker, fullName } from './UserPicker.js'

export const ManualTeamCreate = ({ onCreated }: { readonly onCreated: (tandemId: number) => void }) => {
  const { t } = useTranslation()
  const { show } = useAdminMessages()
  const master = useAdminGetManualMatchingMasterDataQuery()
  const [createTandem, creating] = useAdminCreateManualTandemMutation()
  const [mentee, setMentee] = useState<PickerUser | null>(null)
  const [mentor, setMentor] = useState<PickerUser | null>(null)
  const [checked, setChecked] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [generation, setGeneration] = useState(0)
  const errors = validateManualTandem({ menteeId: mentee?.userId ?? null, mentorId: mentor?.userId ?? null })
  const errorOf = (field: string) =>
    checked
      ? messageOf(
          t,
          errors.find((e) => e.field === field),
        )
      : undefined

  const create = async () => {
    setConfirming(false)
    if (mentee === null || mentor === null) return
    const reply = await createTandem({
      mentees: { userId: mentee.userId, email: mentee.email },
      mentors: { userId: mentor.userId, email: mentor.email },
    })
    if (reply.error !== undefined) return show('error', errorText(t, reply.error))
    show('success', t('admin.messages.admin-mentor-created-text'))
    setMentee(null)
    setMentor(null)
    setChecked(false)
    setGeneration((g) => g + 1)
    onCreated(reply.data)
  }

  return (
    <section aria-labelledby="create-team-title">
      <h2 id="create-team-title">{t('admin.teams.createTitle')}</h2>
      <div key={generation} style={{ display: 'flex', gap: 12, alignItems: 'start', flexWrap: 'wrap' }}>
        <UserPicker
          label={t('admin.teams.mentee')}
          required
          users={master.data?.mentees ?? []}
          picked={mentee}
          onPick={(u) => setMentee(u)}
          error={errorOf('menteeId')}
        />
        <UserPicker
          label={t('admin.teams.mentor')}
          required
          users={master.data?.mentors ?? []}
          picked={mentor}
          onPick={(u) => setMentor(u)}
          error={errorOf('mentorId')}
        />
        <Button
          appearance="primary"
          style={{ marginTop: 22 }}
          disabled={creating.isLoading}
          onClick={() => {
            setChecked(true)
            if (errors.length === 0) setConfirming(true)
          }}
        >
          {t('admin.teams.create')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        text={t('admin.messages.admin-mentor-only-confirm-create', {
          mentee: mentee === null ? '' : fullName(mentee),
          mentor: mentor === null ? '' : fullName(mentor),
        })}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void create()}
      />
    </section>
  )
}
