// The administrator's questionnaire editor (docs/admin.md#questionnaire-versions): edits
// the draft (question pairs in English and German, rule, weight, must-fit, options and their flags,
// profile questions, threshold), adds question pairs, options and profile questions, saves against
// the revision read (a conflict keeps what was typed), checks it (findings listed by field, each one
// a button that opens and focuses its field), publishes it after a confirmation, lists the versions
// and exports or imports the questionnaire file. One question is shown at a time; each question,
// option and profile question is a memoised component, so a keystroke re-renders only its own.
import { memo, useEffect, useReducer, useRef, useState, type ChangeEvent, type Dispatch } from 'react'
import {
  Button,
  Checkbox,
  Field,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components'
import {
  QuestionnaireDraftConflict,
  type DraftProfileQuestion,
  type Language,
  type QuestionnaireCheckView,
  type QuestionnaireVersionSummary,
} from '@tandem/core'
import { flushSync } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { apiErrorOf } from '../../../state/api.js'
import { languageOf } from '../../../i18n/i18n.js'
import {
  useAdminGetQuestionnaireDraftQuery,
  useAdminGetQuestionnaireVersionsQuery,
  useAdminImportQuestionnaireMutation,
  useAdminPublishQuestionnaireDraftMutation,
  useAdminSaveQuestionnaireDraftMutation,
  useLazyAdminCheckQuestionnaireDraftQuery,
  useLazyAdminExportQuestionnaireQuery,
} from '../admin.api.js'
import { errorText } from '../admin.i18n.js'
import { useAdminMessages } from '../AdminMessages.js'
import { ConfirmDialog } from '../ConfirmDialog.js'
import { UnsavedChangesGuard } from '../../../shared/UnsavedChangesGuard.js'
import { editorReducer, type EditorAction } from './editor.state.js'
import { fieldWords, type FieldOwner } from './field.words.js'
import { ImpactPreviewPanel } from './ImpactPreview.js'
import { NumberField, QuestionEditor, TextField, fieldId } from './QuestionEditor.js'

export { fieldId }

type Findings = QuestionnaireCheckView['findings']

/** An imported file's questionnaire, when it has the shape a finding's path points into. */
const ownerInFile = (content: unknown): FieldOwner | null => {
  const questionnaire = (content as { questionnaire?: Partial<FieldOwner> } | null)?.questionnaire
  return Array.isArray(questionnaire?.questions) && Array.isArray(questionnaire.profileQuestions) ? (questionnaire as FieldOwner) : null
}

const SIDES = ['All', 'Mentee', 'Mentor'] as const

type ProfileQuestionEditorProps = {
  readonly question: DraftProfileQuestion
  readonly index: number
  readonly dispatch: Dispatch<EditorAction>
}

const ProfileQuestionEditor = memo(({ question: p, index: i, dispatch }: ProfileQuestionEditorProps) => {
  const { t } = useTranslation()
  const id = p.userQuestionOriginalId
  const change = (next: (p: DraftProfileQuestion) => DraftProfileQuestion) => dispatch({ type: 'profile', id, change: next })
  return (
    <div
      role="group"
      aria-label={`${t('admin.questionnaire.profileQuestion')} ${id}`}
      style={{ display: 'flex', gap: 8, alignItems: 'end', flexWrap: 'wrap' }}
    >
      {(['en', 'de'] as const).map((l) => (
        <TextField
          key={l}
          field={`profileQuestions.${i}.text.${l}`}
          label={t(`admin.questionnaire.profileText.${l}`, { id })}
          value={p.text[l]}
          onChange={(v) => change((x) => ({ ...x, text: { ...x.text, [l]: v } }))}
        />
      ))}
      <Field label={t('admin.questionnaire.profileSide', { id })}>
        <Select
          id={fieldId(`profileQuestions.${i}.side`)}
          value={p.side}
          onChange={(_, d) => change((x) => ({ ...x, side: d.value as DraftProfileQuestion['side'] }))}
        >
          {SIDES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.questionnaire.sides.${s}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Checkbox
        label={t('admin.questionnaire.profileRetired', { id })}
        checked={p.retired}
        onChange={(_, d) => change((x) => ({ ...x, retired: d.checked === true }))}
      />
    </div>
  )
})
ProfileQuestionEditor.displayName = 'ProfileQuestionEditor'

type VersionsTableProps = { readonly versions: readonly QuestionnaireVersionSummary[] | undefined }

/** The published versions; memoised, so editing the draft does not re-render it. */
const VersionsTable = memo(({ versions }: VersionsTableProps) => {
  const { t } = useTranslation()
  return (
    <>
      <h3>{t('admin.questionnaire.versions')}</h3>
      <Table aria-label={t('admin.questionnaire.versions')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('admin.questionnaire.version')}</TableHeaderCell>
            <TableHeaderCell>{t('admin.questionnaire.publishedBy')}</TableHeaderCell>
            <TableHeaderCell>{t('admin.questionnaire.publishedAt')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {(versions ?? []).map((v) => (
            <TableRow key={v.version}>
              <TableCell>{v.version}</TableCell>
              <TableCell>{v.publishedBy === null ? t('admin.questionnaire.seed') : `#${v.publishedBy}`}</TableCell>
              <TableCell>{v.publishedAt.slice(0, 16).replace('T', ' ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  )
})
VersionsTable.displayName = 'VersionsTable'

/** The question a finding's field belongs to (`questions.3.options.1.text.de` → 3), if any. */
const questionIndexOf = (field: string): number | null => {
  const match = /^questions\.(\d+)/.exec(field)
  return match === null ? null : Number(match[1])
}

/** The element for `field`, or for the nearest enclosing field that has one. */
const elementOf = (field: string): HTMLElement | null => {
  const parts = field.split('.')
  for (let n = parts.length; n > 0; n--) {
    const found = document.getElementById(fieldId(parts.slice(0, n).join('.')))
    if (found !== null) return found
  }
  return null
}

/** A question's text in the interface language, the English one while the German is still empty. */
const textIn = (text: { readonly en: string; readonly de: string }, language: Language): string =>
  language === 'de' && text.de.trim() !== '' ? text.de : text.en

const QuestionnaireEditorPage = () => {
  const { t, i18n } = useTranslation()
  const language = languageOf(i18n)
  const { show } = useAdminMessages()
  // read fresh on every visit: a cached draft from an earlier visit carries the revision before this
  // administrator's own saves, and saving against it would be refused as a conflict (docs/admin.md)
  const loaded = useAdminGetQuestionnaireDraftQuery(undefined, { refetchOnMountOrArgChange: true })
  // the request whose answer was cached before this visit: its draft is never edited
  const cachedRequest = useRef(loaded.data === undefined ? undefined : loaded.requestId)
  const versions = useAdminGetQuestionnaireVersionsQuery()
  const [saveDraft, saving] = useAdminSaveQuestionnaireDraftMutation()
  const [runCheck, checking] = useLazyAdminCheckQuestionnaireDraftQuery()
  const [publishDraft, publishing] = useAdminPublishQuestionnaireDraftMutation()
  const [exportFile, exporting] = useLazyAdminExportQuestionnaireQuery()
  const [importFile, importing] = useAdminImportQuestionnaireMutation()
  // what is edited: the loaded draft, then the local copy (kept on a conflict)
  const [state, dispatch] = useReducer(editorReducer, null)
  const [findings, setFindings] = useState<Findings | null>(null)
  // what the findings' paths point into: the draft, or the file a refused import read
  const [findingsOwner, setFindingsOwner] = useState<FieldOwner | null>(null)
  const [confirmPublish, setConfirmPublish] = useState(false)
  const [pendingImport, setPendingImport] = useState<{ readonly name: string; readonly content: unknown } | null>(null)
  const findingsHeading = useRef<HTMLHeadingElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (state === null && loaded.data !== undefined && !loaded.isFetching && loaded.requestId !== cachedRequest.current)
      dispatch({ type: 'load', draft: loaded.data.draft, revision: loaded.data.revision })
  }, [state, loaded.data, loaded.isFetching, loaded.requestId])
  useEffect(() => {
    if (findings !== null) findingsHeading.current?.focus()
  }, [findings])

  if (state === null) return <Spinner label={t('admin.questionnaire.loading')} />
  const { draft, revision, dirty, selected } = state
  const selectedIndex = draft.questions.findIndex((q) => q.questionPairId === selected)
  const selectedQuestion = draft.questions[selectedIndex]

  const refused = (error: unknown) => {
    const problem = apiErrorOf(error)
    // someone else saved meanwhile: say so and keep everything typed
    if (problem?.status === 409) {
      // the refusal names the fields where the draft now differs from what was sent (docs/api.md)
      const changed = QuestionnaireDraftConflict.is(problem.value) ? problem.value.changedFields : []
      const fields = changed.map((f) => fieldWords(f, draft, t)).join('; ')
      const where = changed.length === 0 ? '' : ` ${t('admin.questionnaire.conflictChanged', { fields })}`
      show('error', `${t('admin.questionnaire.conflict')}${where}`)
    } else if (problem?.status === 400 && Array.isArray(problem.value)) setFindings(problem.value as Findings)
    else show('error', errorText(t, error))
  }

  /** A refused preview: the draft's findings are listed as a check lists them; false for anything else. */
  const previewRefused = (error: unknown): boolean => {
    const problem = apiErrorOf(error)
    if (problem?.status !== 400 || !Array.isArray(problem.value)) return false
    setFindingsOwner(null)
    setFindings(problem.value as Findings)
    return true
  }

  const save = async (): Promise<number | null> => {
    const reply = await saveDraft({ revision, draft })
    if (reply.error !== undefined) {
      setFindingsOwner(null)
      refused(reply.error)
      return null
    }
    dispatch({ type: 'saved', revision: reply.data.revision })
    show('success', t('admin.questionnaire.saved'))
    return reply.data.revision
  }

  const check = async () => {
    const saved = dirty ? await save() : revision
    if (saved === null) return
    const reply = await runCheck(saved)
    if (reply.data === undefined) return show('error', errorText(t, reply.error))
    setFindingsOwner(null)
    setFindings(reply.data.findings)
    if (reply.data.publishable) show('success', t('admin.questionnaire.checkPassed'))
  }

  const publish = async () => {
    setConfirmPublish(false)
    const reply = await publishDraft({ revision })
    setFindingsOwner(null)
    if (reply.error !== undefined) return refused(reply.error)
    show('success', t('admin.questionnaire.published', { version: reply.data.version }))
    setFindings(null)
    void versions.refetch()
    const fresh = await loaded.refetch()
    if (fresh.data !== undefined) dispatch({ type: 'load', draft: fresh.data.draft, revision: fresh.data.revision })
  }

  const download = async () => {
    const reply = await exportFile()
    if (reply.data === undefined) return show('error', errorText(t, reply.error))
    const url = URL.createObjectURL(new Blob([JSON.stringify(reply.data, null, 2)], { type: 'application/json' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'tandem-questionnaire.json'
    link.click()
    URL.revokeObjectURL(url)
  }

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file === undefined) return
    let content: unknown
    try {
      content = JSON.parse(await file.text())
    } catch {
      return show('error', t('messages.questionnaire-file-not-json'))
    }
    // the file replaces the whole draft: asked first
    setPendingImport({ name: file.name, content })
  }

  const replaceWithFile = async () => {
    if (pendingImport === null) return
    setPendingImport(null)
    const reply = await importFile({ revision, file: pendingImport.content })
    if (reply.error !== undefined) {
      // findings of an earlier check belong to the draft before: only the file's own are listed
      setFindings(null)
      setFindingsOwner(ownerInFile(pendingImport.content))
      return refused(reply.error)
    }
    setFindings(null)
    setFindingsOwner(null)
    dispatch({ type: 'load', draft: reply.data.draft, revision: reply.data.revision })
    show('success', t('admin.questionnaire.imported'))
  }

  const goTo = (field: string) => {
    const index = questionIndexOf(field)
    const question = index === null ? undefined : draft.questions[index]
    // show the finding's question first, then focus its field
    if (question !== undefined) flushSync(() => dispatch({ type: 'select', questionPairId: question.questionPairId }))
    elementOf(field)?.focus()
  }

  const busy = saving.isLoading || checking.isFetching || publishing.isLoading || importing.isLoading

  return (
    <section aria-labelledby="qe-title">
      <h2 id="qe-title">{t('admin.questionnaire.title')}</h2>
      <div role="group" aria-label={t('admin.questionnaire.actions')} style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button appearance="primary" disabled={busy} onClick={() => void save()}>
          {t('admin.questionnaire.save')}
        </Button>
        <Button disabled={busy} onClick={() => void check()}>
          {t('admin.questionnaire.check')}
        </Button>
        <Button disabled={busy || dirty} onClick={() => setConfirmPublish(true)}>
          {t('admin.questionnaire.publish')}
        </Button>
        <Button disabled={exporting.isFetching} onClick={() => void download()}>
          {t('admin.questionnaire.export')}
        </Button>
        <Button disabled={busy} onClick={() => fileInput.current?.click()}>
          {t('admin.questionnaire.import')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          aria-label={t('admin.questionnaire.importFile')}
          hidden
          onChange={(e) => void upload(e)}
        />
        {busy ? <Spinner size="tiny" label={t('admin.questionnaire.working')} /> : null}
      </div>
      {dirty ? <p role="status">{t('admin.questionnaire.unsaved')}</p> : null}
      <UnsavedChangesGuard dirty={dirty} />

      <ImpactPreviewPanel
        questions={draft.questions}
        disabled={busy}
        saveFirst={async () => !dirty || (await save()) !== null}
        onRefused={previewRefused}
      />

      {findings !== null ? (
        <section aria-labelledby="qe-findings">
          <h3 id="qe-findings" ref={findingsHeading} tabIndex={-1}>
            {findings.length === 0 ? t('admin.questionnaire.noFindings') : t('admin.questionnaire.findings', { count: findings.length })}
          </h3>
          <ul>
            {findings.map((f, i) => (
              <li key={`${f.field}-${i}`}>
                <Button appearance="transparent" onClick={() => goTo(f.field)}>
                  {`${fieldWords(f.field, findingsOwner ?? draft, t)}: ${t(`messages.${f.key}`, f.params ?? {})}`}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <NumberField
        field="threshold"
        label={t('admin.questionnaire.threshold')}
        value={draft.threshold}
        onChange={(v) => dispatch({ type: 'threshold', value: v })}
      />

      <h3 id={fieldId('questions')} tabIndex={-1}>
        {t('admin.questionnaire.questions')}
      </h3>
      <div style={{ display: 'flex', gap: 8, alignItems: 'end', flexWrap: 'wrap' }}>
        <Field label={t('admin.questionnaire.questionToEdit')}>
          <Select
            value={selected === null ? '' : String(selected)}
            onChange={(_, d) => dispatch({ type: 'select', questionPairId: Number(d.value) })}
          >
            {draft.questions.map((q) => (
              <option key={q.questionPairId} value={String(q.questionPairId)}>
                {`${q.questionPairId}: ${textIn((q.mentee ?? q.mentor).text, language)}${q.retired ? ` (${t('admin.questionnaire.retired')})` : ''}`}
              </option>
            ))}
          </Select>
        </Field>
        <Button onClick={() => dispatch({ type: 'addQuestion' })}>{t('admin.questionnaire.addQuestion')}</Button>
      </div>
      {selectedQuestion !== undefined ? <QuestionEditor question={selectedQuestion} index={selectedIndex} dispatch={dispatch} /> : null}

      <h3 id={fieldId('profileQuestions')} tabIndex={-1}>
        {t('admin.questionnaire.profileQuestions')}
      </h3>
      {draft.profileQuestions.map((p, i) => (
        <ProfileQuestionEditor key={p.userQuestionOriginalId} question={p} index={i} dispatch={dispatch} />
      ))}
      <Button onClick={() => dispatch({ type: 'addProfileQuestion' })}>{t('admin.questionnaire.addProfileQuestion')}</Button>

      <VersionsTable versions={versions.data} />

      <ConfirmDialog
        open={confirmPublish}
        title={t('admin.questionnaire.publishTitle')}
        text={t('admin.questionnaire.publishConfirm')}
        onCancel={() => setConfirmPublish(false)}
        onConfirm={() => void publish()}
      />
      <ConfirmDialog
        open={pendingImport !== null}
        title={t('admin.questionnaire.importTitle')}
        text={t(dirty ? 'admin.questionnaire.importConfirmUnsaved' : 'admin.questionnaire.importConfirm', {
          name: pendingImport?.name ?? '',
        })}
        onCancel={() => setPendingImport(null)}
        onConfirm={() => void replaceWithFile()}
      />
    </section>
  )
}
export default QuestionnaireEditorPage
