// The meeting dialogs (docs/web.md#meetings), loaded when one first opens: propose a meeting (1–3
// times of a date, a start and a length, online with a link or in person at a place, an agenda),
// move one (a confirmed meeting to one new time, an unanswered proposal to new times), ask for other
// times, cancel (each with a note), and log a session arranged elsewhere. Times are entered in the
// person's own zone and sent as UTC instants. The server's refusals are shown beside their fields,
// translated; the dialog keeps everything entered, so nothing is lost.
import { useState, type ReactNode } from 'react'
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Select,
  Textarea,
  Body1,
  makeStyles,
} from '@fluentui/react-components'
import type { TFunction } from 'i18next'
import { FieldError, fieldError } from '@tandem/core'
import { ModalDialog } from '../../shared/ModalDialog.js'
import { errorOf, messageOf, validation } from '../../shared/field.js'
import { apiErrorOf } from '../../state/api.js'
import { errorMessageKey } from '../../shell/error.messages.js'
import { useMeetingTranslations } from './meetings.i18n.js'
import { instantOfWallTime, wallTimeOf } from './zoned.js'
import {
  useAskOtherTimesMutation,
  useCancelMeetingMutation,
  useLogSessionMutation,
  useMoveMeetingMutation,
  useProposeMeetingMutation,
  type MeetingWire,
  type MyMeetingsWire,
} from './meetings.api.js'

type Team = MyMeetingsWire['teams'][number]

/** Which dialog is open, and for what. */
export type MeetingDialog =
  | { readonly kind: 'propose'; readonly team: Team }
  | { readonly kind: 'move'; readonly team: Team; readonly meeting: MeetingWire }
  | { readonly kind: 'ask'; readonly team: Team; readonly meeting: MeetingWire }
  | { readonly kind: 'cancel'; readonly team: Team; readonly meeting: MeetingWire }
  | { readonly kind: 'log'; readonly team: Team }

/** What each dialog is given: the person, their zone, what it is for, and how it ends. */
type DialogProps<K extends MeetingDialog['kind']> = {
  readonly email: string
  readonly zone: string
  readonly dialog: Extract<MeetingDialog, { kind: K }>
  readonly onClose: () => void
  /** Called with the key of the text that says what was done. */
  readonly onDone: (doneKey: string) => void
}

/** The lengths offered (15 minutes to 4 hours, the core's range). */
export const LENGTHS = [15, 30, 45, 60, 90, 120, 180, 240] as const

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
  slot: { border: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'flex-end' },
  legend: { fontWeight: 600, paddingBottom: '4px' },
  grow: { flex: '1 1 140px', minWidth: 0 },
})

const lengthText = (t: TFunction, minutes: number): string =>
  minutes >= 60 && minutes % 60 === 0 ? t('meeting.dialog.hours', { count: minutes / 60 }) : t('meeting.dialog.minutes', { count: minutes })

type SlotDraft = { readonly day: string; readonly time: string; readonly minutes: number }

type Refusal = { readonly fields: readonly FieldError[]; readonly other: string | null }
const NO_REFUSAL: Refusal = { fields: [], other: null }

/** What the server refused: its field errors, or the translated words of a refusal without fields. */
const refusalOf = (t: TFunction, error: unknown): Refusal => {
  const value = apiErrorOf(error)?.value
  if (Array.isArray(value) && value.length > 0 && value.every((v) => FieldError.is(v))) return { fields: value, other: null }
  return { fields: [], other: t(errorMessageKey(error)) }
}

/** The slots as sent; a day or time not filled in is refused here, beside its field, before sending. */
const slotsOf = (drafts: readonly SlotDraft[], zone: string) => {
  const missing: FieldError[] = []
  const slots = drafts.flatMap((s, i) => {
    const start = instantOfWallTime(s.day, s.time, zone)
    if (start === null) {
      // beside the date when it is missing, else beside the start time
      const at = proposedSlotAt(i)
      missing.push(fieldError(instantOfWallTime(s.day, '00:00', zone) === null ? at.day : at.time, 'requiredFieldError'))
      return []
    }
    return [{ start: new Date(start).toISOString(), minutes: s.minutes }]
  })
  return { slots, missing }
}

/** Where the server's refusals of a time's parts are found: the field each names. */
type SlotErrorFields = { readonly day: string; readonly time: string; readonly minutes: string }

/**
 * One time: its date, start and length, each beside its refusal. A proposal's times are numbered
 * groups (`legend`), each removable while there are others; a logged session's one time has none.
 */
const SlotFields = ({
  legend,
  slot,
  errors,
  errorAt,
  onChange,
  onRemove,
}: {
  readonly legend: string | null
  readonly slot: SlotDraft
  readonly errors: readonly FieldError[]
  readonly errorAt: SlotErrorFields
  readonly onChange: (slot: SlotDraft) => void
  readonly onRemove: { readonly label: string; readonly remove: () => void } | null
}) => {
  const styles = useStyles()
  const { t } = useMeetingTranslations()
  const fields = (
    <>
      <Field className={styles.grow} label={t('meeting.dialog.day')} required {...validation(messageOf(t, errorOf(errors, errorAt.day)))}>
        <Input type="date" value={slot.day} onChange={(_, d) => onChange({ ...slot, day: d.value })} />
      </Field>
      <Field
        className={styles.grow}
        label={t('meeting.dialog.start')}
        required
        {...validation(messageOf(t, errorOf(errors, errorAt.time)))}
      >
        <Input type="time" value={slot.time} onChange={(_, d) => onChange({ ...slot, time: d.value })} />
      </Field>
      <Field className={styles.grow} label={t('meeting.dialog.length')} {...validation(messageOf(t, errorOf(errors, errorAt.minutes)))}>
        <Select value={String(slot.minutes)} onChange={(_, d) => onChange({ ...slot, minutes: Number(d.value) })}>
          {LENGTHS.map((m) => (
            <option key={m} value={String(m)}>
              {lengthText(t, m)}
            </option>
          ))}
        </Select>
      </Field>
      {onRemove !== null && <Button onClick={onRemove.remove}>{onRemove.label}</Button>}
    </>
  )
  return legend === null ? (
    <div className={styles.slot}>{fields}</div>
  ) : (
    <fieldset className={styles.slot}>
      <legend className={styles.legend}>{legend}</legend>
      {fields}
    </fieldset>
  )
}

/** The error fields of a proposal's `index`th time (a missing date is refused at its start). */
const proposedSlotAt = (index: number): SlotErrorFields => ({
  day: `slots[${index}].start`,
  time: `slots[${index}].time`,
  minutes: `slots[${index}].minutes`,
})

/** The error fields of a logged session's time. */
const SESSION_SLOT: SlotErrorFields = { day: 'startedAt', time: 'time', minutes: 'minutes' }

/** A meeting dialog's frame: a refusal that names no field above the form, then the send and back buttons. */
const DialogFrame = ({
  title,
  sendText,
  busy,
  failure,
  onSend,
  onClose,
  children,
}: {
  readonly title: string
  readonly sendText: string
  readonly busy: boolean
  readonly failure: string | null
  readonly onSend: () => void
  readonly onClose: () => void
  readonly children: ReactNode
}) => {
  const styles = useStyles()
  const { t } = useMeetingTranslations()
  return (
    <ModalDialog
      title={title}
      described={false}
      onCancel={onClose}
      actions={
        <>
          <Button appearance="primary" disabledFocusable={busy} onClick={onSend}>
            {sendText}
          </Button>
          <Button onClick={onClose}>{t('meeting.dialog.back')}</Button>
        </>
      }
    >
      <div className={styles.form}>
        {failure !== null && (
          <MessageBar intent="error" role="alert" layout="multiline">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        )}
        {children}
      </div>
    </ModalDialog>
  )
}

const emptySlot = (): SlotDraft => ({ day: '', time: '', minutes: 60 })

/** Propose a meeting, or move one (new times and a note; a confirmed meeting to one time). */
const TimesDialog = ({ email, zone, dialog, onClose, onDone }: DialogProps<'propose' | 'move'>) => {
  const { t } = useMeetingTranslations()
  const moving = dialog.kind === 'move' ? dialog.meeting : null
  const single = moving?.state === 'Confirmed'
  const [slots, setSlots] = useState<readonly SlotDraft[]>(() =>
    moving === null
      ? [emptySlot()]
      : moving.slots.slice(0, single ? 1 : 3).map((s) => ({ ...wallTimeOf(Date.parse(s.start), zone), minutes: s.minutes })),
  )
  const [mode, setMode] = useState<'online' | 'inPerson'>('online')
  const [link, setLink] = useState('')
  const [place, setPlace] = useState('')
  const [agenda, setAgenda] = useState('')
  const [note, setNote] = useState('')
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL)
  const [propose, proposeState] = useProposeMeetingMutation()
  const [move, moveState] = useMoveMeetingMutation()
  const busy = proposeState.isLoading || moveState.isLoading
  const name = dialog.team.partnerName
  const errors = refusal.fields

  const send = async () => {
    const { slots: sent, missing } = slotsOf(slots, zone)
    if (missing.length > 0) return setRefusal({ fields: missing, other: null })
    setRefusal(NO_REFUSAL)
    const result =
      moving === null
        ? await propose({
            email,
            matchingTandemId: dialog.team.matchingTandemId,
            slots: sent,
            link: mode === 'online' ? link.trim() : null,
            place: mode === 'inPerson' ? place : null,
            agenda,
          })
        : await move({ email, meetingId: moving.meetingId, slots: sent, note })
    if ('error' in result) setRefusal(refusalOf(t, result.error))
    else onDone(moving === null ? 'meeting.done.proposed' : 'meeting.done.moved')
  }

  const title =
    moving === null
      ? t('meeting.dialog.proposeTitle', { name })
      : moving.state === 'OtherTimesAsked'
        ? t('meeting.dialog.newTimesTitle', { name })
        : t('meeting.dialog.moveTitle', { name })
  const slotsError = messageOf(t, errorOf(errors, 'slots'))
  return (
    <DialogFrame
      title={title}
      sendText={moving === null ? t('meeting.dialog.send') : t('meeting.dialog.moveSend')}
      busy={busy}
      failure={refusal.other !== null || errors.length > 0 ? (refusal.other ?? slotsError ?? t('meeting.dialog.failed')) : null}
      onSend={() => void send()}
      onClose={onClose}
    >
      <Body1>{t('meeting.dialog.zoneHint', { zone })}</Body1>
      {slots.map((s, i) => (
        <SlotFields
          key={i}
          legend={t('meeting.dialog.slot', { n: i + 1 })}
          slot={s}
          errors={errors}
          errorAt={proposedSlotAt(i)}
          onChange={(next) => setSlots(slots.map((o, j) => (j === i ? next : o)))}
          onRemove={
            slots.length > 1
              ? { label: t('meeting.dialog.removeSlot', { n: i + 1 }), remove: () => setSlots(slots.filter((_, j) => j !== i)) }
              : null
          }
        />
      ))}
      {!single && slots.length < 3 && (
        <div>
          <Button onClick={() => setSlots([...slots, emptySlot()])}>{t('meeting.dialog.addSlot')}</Button>
        </div>
      )}
      {moving === null ? (
        <>
          <Field label={t('meeting.dialog.mode')}>
            <RadioGroup layout="horizontal" value={mode} onChange={(_, d) => setMode(d.value === 'inPerson' ? 'inPerson' : 'online')}>
              <Radio value="online" label={t('meeting.dialog.online')} />
              <Radio value="inPerson" label={t('meeting.dialog.inPerson')} />
            </RadioGroup>
          </Field>
          {mode === 'online' ? (
            <Field label={t('meeting.dialog.link')} required {...validation(messageOf(t, errorOf(errors, 'link')))}>
              <Input type="url" value={link} onChange={(_, d) => setLink(d.value)} />
            </Field>
          ) : (
            <Field
              label={t('meeting.dialog.place')}
              required
              {...validation(messageOf(t, errorOf(errors, 'place') ?? errorOf(errors, 'link')))}
            >
              <Input value={place} onChange={(_, d) => setPlace(d.value)} />
            </Field>
          )}
          <Field label={t('meeting.dialog.agenda')} {...validation(messageOf(t, errorOf(errors, 'agenda')))}>
            <Textarea value={agenda} resize="vertical" onChange={(_, d) => setAgenda(d.value)} />
          </Field>
        </>
      ) : (
        <Field label={t('meeting.dialog.note', { name })} {...validation(messageOf(t, errorOf(errors, 'note')))}>
          <Textarea value={note} resize="vertical" onChange={(_, d) => setNote(d.value)} />
        </Field>
      )}
    </DialogFrame>
  )
}

/** Ask for other times, or cancel: a note to the partner. */
const NoteDialog = ({ email, dialog, onClose, onDone }: DialogProps<'ask' | 'cancel'>) => {
  const { t } = useMeetingTranslations()
  const [note, setNote] = useState('')
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL)
  const [ask, askState] = useAskOtherTimesMutation()
  const [cancel, cancelState] = useCancelMeetingMutation()
  const name = dialog.team.partnerName
  const asking = dialog.kind === 'ask'
  const send = async () => {
    setRefusal(NO_REFUSAL)
    const body = { email, meetingId: dialog.meeting.meetingId, note }
    const result = asking ? await ask(body) : await cancel(body)
    if ('error' in result) setRefusal(refusalOf(t, result.error))
    else onDone(asking ? 'meeting.done.asked' : 'meeting.done.cancelled')
  }
  return (
    <DialogFrame
      title={asking ? t('meeting.dialog.askTitle', { name }) : t('meeting.dialog.cancelTitle', { name })}
      sendText={asking ? t('meeting.dialog.askSend') : t('meeting.dialog.cancelSend')}
      busy={askState.isLoading || cancelState.isLoading}
      failure={refusal.other}
      onSend={() => void send()}
      onClose={onClose}
    >
      <Field label={t('meeting.dialog.note', { name })} {...validation(messageOf(t, errorOf(refusal.fields, 'note')))}>
        <Textarea value={note} resize="vertical" onChange={(_, d) => setNote(d.value)} />
      </Field>
    </DialogFrame>
  )
}

/** Log a session arranged elsewhere: its date, start and length, and a note only the writer sees. */
const LogDialog = ({ email, zone, dialog, onClose, onDone }: DialogProps<'log'>) => {
  const { t } = useMeetingTranslations()
  const [slot, setSlot] = useState<SlotDraft>(() => ({ day: wallTimeOf(Date.now(), zone).day, time: '', minutes: 60 }))
  const [note, setNote] = useState('')
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL)
  const [log, logState] = useLogSessionMutation()
  const errors = refusal.fields
  const send = async () => {
    const start = instantOfWallTime(slot.day, slot.time, zone)
    if (start === null)
      return setRefusal({
        fields: [
          fieldError(instantOfWallTime(slot.day, '00:00', zone) === null ? SESSION_SLOT.day : SESSION_SLOT.time, 'requiredFieldError'),
        ],
        other: null,
      })
    setRefusal(NO_REFUSAL)
    const result = await log({
      email,
      matchingTandemId: dialog.team.matchingTandemId,
      startedAt: new Date(start).toISOString(),
      minutes: slot.minutes,
      note,
    })
    if ('error' in result) setRefusal(refusalOf(t, result.error))
    else onDone('meeting.done.logged')
  }
  return (
    <DialogFrame
      title={t('meeting.dialog.logTitle', { name: dialog.team.partnerName })}
      sendText={t('meeting.dialog.logSend')}
      busy={logState.isLoading}
      failure={refusal.other}
      onSend={() => void send()}
      onClose={onClose}
    >
      <Body1>{t('meeting.dialog.logText')}</Body1>
      <Body1>{t('meeting.dialog.zoneHint', { zone })}</Body1>
      <SlotFields legend={null} slot={slot} errors={errors} errorAt={SESSION_SLOT} onChange={setSlot} onRemove={null} />
      <Field label={t('meeting.dialog.ownNote')} {...validation(messageOf(t, errorOf(errors, 'note')))}>
        <Textarea value={note} resize="vertical" onChange={(_, d) => setNote(d.value)} />
      </Field>
    </DialogFrame>
  )
}

const MeetingDialogs = (props: DialogProps<MeetingDialog['kind']>) => {
  const { dialog } = props
  if (dialog.kind === 'propose' || dialog.kind === 'move') return <TimesDialog {...props} dialog={dialog} />
  if (dialog.kind === 'ask' || dialog.kind === 'cancel') return <NoteDialog {...props} dialog={dialog} />
  return <LogDialog {...props} dialog={dialog} />
}

export default MeetingDialogs
