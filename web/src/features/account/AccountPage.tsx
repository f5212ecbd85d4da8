// The user account (docs/product.md#participant-screens): photo, the read-only box, program year (not for mentor-only users),
// preferred account language and Save; saving a language switches the interface to it.
import { Suspense, useState, type ReactNode } from 'react'
import { Button, MessageBar, MessageBarBody, Title2, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { clusterIdOf, languageById, needsProgramYear, type FieldError } from '@tandem/core'
import { useMe, type Me } from '../../state/me.js'
import { useLanguage } from '../../shell/language.js'
import { Loading } from '../../shared/Loading.js'
import { errorMessageKey, type ErrorWording } from '../../shell/error.messages.js'
import { formatBirthDate } from '../../shared/dates.js'
import { useGetUserProfileQuery, useUpdateProfileImageMutation, useUpdateProfileMutation } from './account.api.js'
import { errorOf } from '../../shared/field.js'
import { PhotoEditor, type PhotoState } from './PhotoEditor.js'
import { YourData } from './YourData.js'
import { ChoiceField } from './ChoiceField.js'
import { LoadFailed } from '../../shared/LoadFailed.js'

/**
 * What other features add below the form, composed by the route (features meet in routes/,
 * docs/web.md): the time zone and the calendar address of the meetings (docs/web.md#meetings).
 */
export type AccountExtras = (email: string) => ReactNode

/** A refused photo is refused for its file, whether the field check or the size limit said so. */
const PHOTO_WORDING: ErrorWording = {
  ValidationFailed: 'messages.invalid-profile-image',
  PayloadTooLarge: 'messages.invalid-profile-image',
}

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '640px' },
  box: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: '4px 16px',
    padding: '12px',
    backgroundColor: tokens.colorNeutralBackground3,
    margin: 0,
  },
})

type Outcome = { readonly intent: 'success' | 'error'; readonly text: string } | null

const AccountForm = ({ me, extras }: { readonly me: Me; readonly extras: AccountExtras | undefined }) => {
  const styles = useStyles()
  const { t } = useTranslation()
  const { language, switchTo } = useLanguage()
  const profile = useGetUserProfileQuery({ email: me.email, language })
  const [updateProfile, updateState] = useUpdateProfileMutation()
  const [updateImage, imageState] = useUpdateProfileImageMutation()
  const [clusterId, setClusterId] = useState<number | null | undefined>(undefined)
  const [languageId, setLanguageId] = useState<number | null | undefined>(undefined)
  const [photo, setPhoto] = useState<PhotoState>({ file: null, removed: false, invalid: false })
  const [errors, setErrors] = useState<readonly FieldError[]>([])
  const [outcome, setOutcome] = useState<Outcome>(null)
  if (profile.isError) return <LoadFailed error={profile.error} />
  if (profile.data === undefined) return <Loading />
  const { userProfile: user, userProfileMasterModel: master } = profile.data
  const roles = user.userRole.map((r) => r.name)
  const chosenCluster = clusterId === undefined ? user.clusterId : clusterId
  const chosenLanguage = languageId === undefined ? user.defaultLanguage : languageId

  const save = async () => {
    setOutcome(null)
    if (photo.invalid) return
    // the profile rule (the core's validation with fp-ts) loads when it is needed, not with the page
    const { checkAccount, profileRequest } = await import('./profile.form.js')
    const request = profileRequest(
      user,
      { clusterId: chosenCluster === null ? null : clusterIdOf(chosenCluster), languageId: chosenLanguage },
      photo.removed,
    )
    const checked = checkAccount(request, roles)
    if (!checked.ok) {
      setErrors(checked.errors)
      setOutcome({ intent: 'error', text: t('messages.profileMissingFieldsError') })
      return
    }
    setErrors([])
    if (photo.file !== null) {
      const uploaded = await updateImage({ email: user.email, file: photo.file })
      if ('error' in uploaded) {
        setOutcome({ intent: 'error', text: t(errorMessageKey(uploaded.error, PHOTO_WORDING)) })
        return
      }
    }
    const saved = await updateProfile(checked.request)
    if ('error' in saved) {
      setOutcome({ intent: 'error', text: t(errorMessageKey(saved.error)) })
      return
    }
    setPhoto({ file: null, removed: false, invalid: false })
    setOutcome({ intent: 'success', text: t('account.saved') })
    const preferred = chosenLanguage === null ? undefined : languageById(chosenLanguage)
    if (preferred !== undefined && preferred !== language) await switchTo(preferred)
  }

  const clusterError = errorOf(errors, 'clusterId')
  const languageError = errorOf(errors, 'languageId')
  return (
    <>
      {outcome !== null && (
        <MessageBar layout="multiline" intent={outcome.intent} role={outcome.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{outcome.text}</MessageBarBody>
        </MessageBar>
      )}
      <PhotoEditor name={`${user.firstName} ${user.lastName}`} current={user.profileImage} state={photo} onChange={setPhoto} />
      <dl className={styles.box} aria-label={t('account.readOnly')}>
        <dt>{t('account.firstName')}</dt>
        <dd>{user.firstName}</dd>
        <dt>{t('account.lastName')}</dt>
        <dd>{user.lastName}</dd>
        <dt>{t('account.email')}</dt>
        <dd>{user.email}</dd>
        <dt>{t('account.gender')}</dt>
        <dd>{t(`account.genders.${user.gender}`)}</dd>
        <dt>{t('account.birthDate')}</dt>
        <dd>{formatBirthDate(user.dateOfBirth)}</dd>
      </dl>
      {needsProgramYear(roles) && (
        <ChoiceField
          label={t('account.programYear')}
          error={clusterError ? t(`messages.${clusterError.key}`) : undefined}
          choices={master.cluster.map((c) => ({ value: c.clusterId, text: c.clusterText }))}
          chosen={chosenCluster}
          onChoose={setClusterId}
        />
      )}
      <ChoiceField
        label={t('account.preferredLanguage')}
        error={languageError ? t(`messages.${languageError.key}`) : undefined}
        choices={master.language.map((l) => ({ value: l.languageId, text: l.languageName }))}
        chosen={chosenLanguage}
        onChoose={setLanguageId}
      />
      <div>
        <Button appearance="primary" disabled={updateState.isLoading || imageState.isLoading} onClick={() => void save()}>
          {t('common.save')}
        </Button>
      </div>
      <Suspense fallback={null}>{extras?.(user.email)}</Suspense>
      <YourData email={user.email} />
    </>
  )
}

/** The heading and the frame are drawn at once; the form below them once the profile is in. */
const AccountPage = ({ extras }: { readonly extras?: AccountExtras }) => {
  const styles = useStyles()
  const { t } = useTranslation()
  const { me } = useMe()
  return (
    <div className={styles.page}>
      <Title2 as="h1">{t('account.title')}</Title2>
      {me === undefined ? <Loading /> : <AccountForm me={me} extras={extras} />}
    </div>
  )
}
export default AccountPage
