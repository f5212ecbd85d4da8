// The administrator's questionnaire editor (issue 33, docs/admin.md "Questionnaire versions"): edits
// the draft (question pairs in English and German, rule, weight, must-fit, options, profile
// questions, threshold), saves it against the revision read (a conflict keeps what was typed),
// checks it (findings listed by field, each one a button that focuses its field), publishes it after
// a confirmation, lists the versions and exports or imports the questionnaire file.
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import {
  Button,
  Card,
  Checkbox,
  Field,
  Input,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components'
import { RULE_NAMES, type DraftQuestion, type QuestionnaireCheckView, type QuestionnaireDraft, type RuleName } from '@tandem/core'
import { useTranslation } from 'react-i18next'
import { apiErrorOf } from '../../../state/api.js'
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

type Findings = QuestionnaireCheckView['findings']

/** The id of the input editing `field` (the check's field path), so a finding can focus it. */
export const fieldId = (field: string): string => `qe-${field.replace(/[^a-zA-Z0-9]+/g, '-')}`

const nextOptionId = (draft: QuestionnaireDraft): number => Math.max(0, ...draft.questions.flatMap((q) => q.options.map((o) => o.id))) + 1

const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text))

const QuestionnaireEditorPage = () => {
  const { t } = useTranslation()
  const { show } = useAdminMessages()
  const loaded = useAdminGetQuestionnaireDraftQuery()
  const versions = useAdminGetQuestionnaireVersionsQuery()
  const [saveDraft, saving] = useAdminSaveQuestionnaireDraftMutation()
  const [runCheck, checking] = useLazyAdminCheckQuestionnaireDraftQuery()
  const [publishDraft, publishing] = useAdminPublishQuestionnaireDraftMutation()
  const [exportFile, exporting] = useLazyAdminExportQuestionnaireQuery()
  const [importFile, importing] = useAdminImportQuestionnaireMutation()
  // what is edited: the loaded draft until the first change, then the local copy (kept on a conflict)
  const [local, setLocal] = useState<{ draft: QuestionnaireDraft; revision: number; dirty: boolean } | null>(null)
  const [findings, setFindings] = useState<Findings | null>(null)
  const [confirmPublish, setConfirmPublish] = useState(false)
  const findingsHeading = useRef<HTMLHeadingElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (findings !== null) findingsHeading.current?.focus()
  }, [findings])

  const current = local ?? (loaded.data === undefined ? null : { draft: loaded.data.draft, revision: loaded.data.revision, dirty: false })
  if (current === null) return <Spinner label={t('admin.questionnaire.loading')} />
  const { draft, revision, dirty } = current

  const edit = (next: QuestionnaireDraft) => setLocal({ draft: next, revision, dirty: true })
  const editQuestion = (i: number, change: (q: DraftQuestion) => DraftQuestion) =>
    edit({ ...draft, questions: draft.questions.map((q, j) => (j === i ? change(q) : q)) })

  const save = async (): Promise<number | null> => {
    const reply = await saveDraft({ revision, draft })
    if (reply.error !== undefined) {
      const error = apiErrorOf(reply.error)
      // someone else saved meanwhile: say so and keep everything typed
      if (error?.status === 409) show('error', t('admin.questionnaire.conflict'))
      else if (error?.status === 400 && Array.isArray(error.value)) setFindings(error.value as Findings)
      else show('error', errorText(t, reply.error))
      return null
    }
    setLocal({ draft, revision: reply.data.revision, dirty: false })
    show('success', t('admin.questionnaire.saved'))
    return reply.data.revision
  }

  const check = async () => {
    const saved = dirty ? await save() : revision
    if (saved === null) return
    const reply = await runCheck(saved)
    if (reply.data === undefined) return show('error', errorText(t, reply.error))
    setFindings(reply.data.findings)
    if (reply.data.publishable) show('success', t('admin.questionnaire.checkPassed'))
  }

  const publish = async () => {
    setConfirmPublish(false)
    const reply = await publishDraft({ revision })
    if (reply.error !== undefined) {
      const error = apiErrorOf(reply.error)
      if (error?.status === 409) show('error', t('admin.questionnaire.conflict'))
      else if (error?.status === 400 && Array.isArray(error.value)) setFindings(error.value as Findings)
      else show('error', errorText(t, reply.error))
      return
    }
    show('success', t('admin.questionnaire.published', { version: reply.data.version }))
    setFindings(null)
    setLocal(null)
    void versions.refetch()
    void loaded.refetch()
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
    const reply = await importFile({ revision, file: content })
    if (reply.error !== undefined) {
      const error = apiErrorOf(reply.error)
      if (error?.status === 409) show('error', t('admin.questionnaire.conflict'))
      else if (error?.status === 400 && Array.isArray(error.value)) setFindings(error.value as Findings)
      else show('error', errorText(t, reply.error))
      return
    }
    setLocal({ draft: reply.data.draft, revision: reply.data.revision, dirty: false })
    show('success', t('admin.questionnaire.imported'))
  }

  const busy = saving.isLoading || checking.isFetching || publishing.isLoading || importing.isLoading
  const text = (field: string, label: string, value: string, onChange: (v: string) => void) => (
    <Field label={label}>
      <Input id={fieldId(field)} value={value} onChange={(_, d) => onChange(d.value)} />
    </Field>
  )
  const number = (field: string, label: string, value: number, onChange: (v: number) => void) => (
    <Field label={label}>
      <Input
        id={fieldId(field)}
        type="number"
        value={Number.isNaN(value) ? '' : String(value)}
        onChange={(_, d) => onChange(numberOf(d.value))}
      />
    </Field>
  )

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

      {findings !== null ? (
        <section aria-labelledby="qe-findings">
          <h3 id="qe-findings" ref={findingsHeading} tabIndex={-1}>
            {findings.length === 0 ? t('admin.questionnaire.noFindings') : t('admin.questionnaire.findings', { count: findings.length })}
          </h3>
          <ul>
            {findings.map((f, i) => (
              <li key={`${f.field}-${i}`}>
                <Button appearance="transparent" onClick={() => document.getElementById(fieldId(f.field))?.focus()}>
                  {`${f.field}: ${t(`messages.${f.key}`, f.params ?? {})}`}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {number('threshold', t('admin.questionnaire.threshold'), draft.threshold, (v) => edit({ ...draft, threshold: v }))}

      <h3>{t('admin.questionnaire.questions')}</h3>
      {draft.questions.map((q, i) => (
        <Card key={q.questionPairId} role="group" aria-label={`${t('admin.questionnaire.question')} ${q.questionPairId}`}>
          <h4>{`${t('admin.questionnaire.question')} ${q.questionPairId}${q.retired ? ` (${t('admin.questionnaire.retired')})` : ''}`}</h4>
          {q.mentee !== null
            ? (['en', 'de'] as const).map((l) =>
                text(`questions.${i}.mentee.text.${l}`, t(`admin.questionnaire.menteeText.${l}`), q.mentee?.text[l] ?? '', (v) =>
                  editQuestion(i, (x) => (x.mentee === null ? x : { ...x, mentee: { ...x.mentee, text: { ...x.mentee.text, [l]: v } } })),
                ),
              )
            : null}
          {(['en', 'de'] as const).map((l) =>
            text(`questions.${i}.mentor.text.${l}`, t(`admin.questionnaire.mentorText.${l}`), q.mentor.text[l], (v) =>
              editQuestion(i, (x) => ({ ...x, mentor: { ...x.mentor, text: { ...x.mentor.text, [l]: v } } })),
            ),
          )}
          <Field label={t('admin.questionnaire.rule')}>
            <Select
              id={fieldId(`questions.${i}.rule`)}
              value={q.rule}
              onChange={(_, d) => editQuestion(i, (x) => ({ ...x, rule: d.value as RuleName }))}
            >
              {RULE_NAMES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </Select>
          </Field>
          {number(`questions.${i}.weight`, t('admin.questionnaire.weight'), q.weight, (v) => editQuestion(i, (x) => ({ ...x, weight: v })))}
          <Checkbox
            id={fieldId(`questions.${i}.mustFit`)}
            label={t('admin.questionnaire.mustFit')}
            checked={q.mustFit}
            onChange={(_, d) => editQuestion(i, (x) => ({ ...x, mustFit: d.checked === true }))}
          />
          {q.mentee !== null
            ? number(`questions.${i}.mentee.maxOption`, t('admin.questionnaire.menteeMaxOption'), q.mentee.maxOption, (v) =>
                editQuestion(i, (x) => (x.mentee === null ? x : { ...x, mentee: { ...x.mentee, maxOption: v } })),
              )
            : null}
          {number(`questions.${i}.mentor.maxOption`, t('admin.questionnaire.mentorMaxOption'), q.mentor.maxOption, (v) =>
            editQuestion(i, (x) => ({ ...x, mentor: { ...x.mentor, maxOption: v } })),
          )}
          {q.rule === 'YearsFit'
            ? number(`questions.${i}.minYearsAhead`, t('admin.questionnaire.yearsAhead'), q.minYearsAhead, (v) =>
                editQuestion(i, (x) => ({ ...x, minYearsAhead: v })),
              )
            : null}
          {q.kind === 'choice' ? (
            <div role="group" aria-label={t('admin.questionnaire.options')}>
              <h5>{t('admin.questionnaire.options')}</h5>
              {q.options.map((o, k) => (
                <div key={o.id} style={{ display: 'flex', gap: 8, alignItems: 'end', flexWrap: 'wrap' }}>
                  {(['en', 'de'] as const).map((l) =>
                    text(`questions.${i}.options.${k}.text.${l}`, t(`admin.questionnaire.optionText.${l}`, { id: o.id }), o.text[l], (v) =>
                      editQuestion(i, (x) => ({
                        ...x,
                        options: x.options.map((y, m) => (m === k ? { ...y, text: { ...y.text, [l]: v } } : y)),
                      })),
                    ),
                  )}
                  <Checkbox
                    label={t('admin.questionnaire.optionRetired', { id: o.id })}
                    checked={o.retired}
                    onChange={(_, d) =>
                      editQuestion(i, (x) => ({
                        ...x,
                        options: x.options.map((y, m) => (m === k ? { ...y, retired: d.checked === true } : y)),
                      }))
                    }
                  />
                  <Button
                    disabled={k === 0}
                    aria-label={t('admin.questionnaire.moveUp', { id: o.id })}
                    onClick={() =>
                      editQuestion(i, (x) => {
                        const options = [...x.options]
                        const [moved] = options.splice(k, 1)
                        if (moved !== undefined) options.splice(k - 1, 0, moved)
                        return { ...x, options }
                      })
                    }
                  >
                    ↑
                  </Button>
                </div>
              ))}
              <Button
                onClick={() =>
                  editQuestion(i, (x) => ({
                    ...x,
                    options: [
                      ...x.options,
                      { id: nextOptionId(draft), text: { en: '', de: '' }, noPreference: false, noSuchBackground: false, retired: false },
                    ],
                  }))
                }
              >
                {t('admin.questionnaire.addOption')}
              </Button>
            </div>
          ) : null}
        </Card>
      ))}

      <h3>{t('admin.questionnaire.profileQuestions')}</h3>
      {draft.profileQuestions.map((p, i) => (
        <div
          key={p.userQuestionOriginalId}
          role="group"
          aria-label={`${t('admin.questionnaire.profileQuestion')} ${p.userQuestionOriginalId}`}
        >
          {(['en', 'de'] as const).map((l) =>
            text(
              `profileQuestions.${i}.text.${l}`,
              t(`admin.questionnaire.profileText.${l}`, { id: p.userQuestionOriginalId }),
              p.text[l],
              (v) =>
                edit({
                  ...draft,
                  profileQuestions: draft.profileQuestions.map((x, j) => (j === i ? { ...x, text: { ...x.text, [l]: v } } : x)),
                }),
            ),
          )}
        </div>
      ))}

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
          {(versions.data ?? []).map((v) => (
            <TableRow key={v.version}>
              <TableCell>{v.version}</TableCell>
              <TableCell>{v.publishedBy === 0 ? t('admin.questionnaire.seed') : `#${v.publishedBy}`}</TableCell>
              <TableCell>{new Date(v.publishedAt).toISOString().slice(0, 16).replace('T', ' ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <ConfirmDialog
        open={confirmPublish}
        title={t('admin.questionnaire.publishTitle')}
        text={t('admin.questionnaire.publishConfirm')}
        onCancel={() => setConfirmPublish(false)}
        onConfirm={() => void publish()}
      />
    </section>
  )
}
export default QuestionnaireEditorPage
