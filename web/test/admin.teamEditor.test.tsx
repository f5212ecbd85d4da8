// The team editor's controls by state (docs/product.md#team-editing): which status is a select and
// which a badge, when Save and Release are enabled, the mentor reset, and the two confirmations.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { proposalIdOf, tandemIdOf, type ProposalState, type TandemState, type TeamDetail } from '@tandem/core'
import { TeamEditor } from '../src/features/admin/TeamDetailPanel.js'
import { addAdminTranslations } from '../src/features/admin/admin.i18n.js'
import type { TeamEdit } from '../src/features/admin/teamEditing.rules.js'
import { renderWithProviders } from './utils/renderWithProviders.js'

const aTeam = (tandemStatus: TandemState, mentee: ProposalState, mentor: ProposalState): TeamDetail => ({
  tandemId: tandemIdOf(42),
  version: 3,
  tandemStatus,
  matchingTandemMenteeProposal: {
    status: mentee,
    proposalId: proposalIdOf(tandemIdOf(42), 'Mentee'),
    email: 'mia@example.org',
    firstName: 'Mia',
    lastName: 'Muster',
    createdDate: '2026-03-02T09:00:00.000Z',
    comment: null,
    declineReasonText: null,
    declineInformationText: null,
  },
  matchingTandemMentorProposal: {
    status: mentor,
    proposalId: proposalIdOf(tandemIdOf(42), 'Mentor'),
    email: 'max@example.org',
    firstName: 'Max',
    lastName: 'Mentor',
    createdDate: '2026-03-02T09:00:00.000Z',
    comment: 'Too far away',
    declineReasonText: null,
    declineInformationText: null,
  },
})

const renderEditor = async (detail: TeamDetail) => {
  const saved: TeamEdit[] = []
  let released = 0
  const view = await renderWithProviders(
    <TeamEditor
      detail={detail}
      busy={false}
      onSave={(e) => saved.push(e)}
      onRelease={() => {
        released += 1
      }}
    />,
  )
  addAdminTranslations(view.i18n)
  view.rerender(
    <TeamEditor
      detail={detail}
      busy={false}
      onSave={(e) => saved.push(e)}
      onRelease={() => {
        released += 1
      }}
    />,
  )
  return { saved, released: () => released }
}

const menteeSelect = () => screen.queryByRole('combobox', { name: 'Mentee status' })
const mentorSelect = () => screen.queryByRole('combobox', { name: 'Mentor status' })
// Fluent's dialog motion leaves the surface 'hidden' to jsdom's style check; Chromium tests see it for real.
const confirmation = () => screen.findByRole('alertdialog', { hidden: true })
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name })

describe('team editor controls', () => {
  it("titles the accordion MT_ID: #id with both last names and shows the mentor comment, '-' for empty fields", async () => {
    await renderEditor(aTeam('ACTIVE', 'PROPOSED', 'PROPOSED'))
    expect(screen.getByRole('button', { name: 'MT_ID: #42 Muster / Mentor' })).toBeTruthy()
    const mentorCard = screen.getByRole('group', { name: 'Mentor' })
    expect(within(mentorCard).getByText('Too far away')).toBeTruthy()
    expect(within(screen.getByRole('group', { name: 'Mentee' })).getAllByText('-').length).toBeGreaterThan(0)
  })

  it('on a new ACTIVE team: the mentee status is a select, the mentor status a badge, Save disabled, Release enabled', async () => {
    await renderEditor(aTeam('ACTIVE', 'PROPOSED', 'PROPOSED'))
    expect(menteeSelect()).not.toBeNull()
    expect(mentorSelect()).toBeNull()
    expect(button('save changes').disabled).toBe(true)
    expect(button('release matching tandem').disabled).toBe(false)
    const options = within(menteeSelect()!)
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(options).not.toContain('CLOSED')
  })

  it('setting the mentee to ACCEPTED opens the mentor select and enables Save; choosing DECLINED resets the mentor', async () => {
    await renderEditor(aTeam('ACTIVE', 'PROPOSED', 'PROPOSED'))
    const user = userEvent.setup()
    await user.selectOptions(menteeSelect()!, 'ACCEPTED')
    expect(button('save changes').disabled).toBe(false)
    await user.selectOptions(mentorSelect()!, 'DECLINED')
    expect((mentorSelect() as HTMLSelectElement).value).toBe('DECLINED')
    await user.selectOptions(menteeSelect()!, 'DECLINED')
    expect(mentorSelect()).toBeNull()
    expect(within(screen.getByRole('group', { name: 'Mentor' })).getByText('PROPOSED')).toBeTruthy()
  })

  it('after the mentee accepted, only the mentor status is editable', async () => {
    await renderEditor(aTeam('ACTIVE', 'ACCEPTED', 'PROPOSED'))
    expect(menteeSelect()).toBeNull()
    expect(mentorSelect()).not.toBeNull()
  })

  it('on a MATCHED team nothing is editable and Save stays disabled, but Release is enabled', async () => {
    await renderEditor(aTeam('MATCHED', 'ACCEPTED', 'ACCEPTED'))
    expect(menteeSelect()).toBeNull()
    expect(mentorSelect()).toBeNull()
    expect(button('save changes').disabled).toBe(true)
    expect(button('release matching tandem').disabled).toBe(false)
  })

  it.each(['DECLINED', 'CLOSED', 'NOREACTION'] as const)('on a %s team neither Save nor Release is enabled', async (state) => {
    await renderEditor(aTeam(state, 'DECLINED', 'CLOSED'))
    expect(button('save changes').disabled).toBe(true)
    expect(button('release matching tandem').disabled).toBe(true)
  })

  it('saves only after the confirmation, with the edited statuses', async () => {
    const { saved } = await renderEditor(aTeam('ACTIVE', 'PROPOSED', 'PROPOSED'))
    const user = userEvent.setup()
    await user.selectOptions(menteeSelect()!, 'ACCEPTED')
    await user.click(button('save changes'))
    expect(saved).toEqual([])
    await user.click(within(await confirmation()).getByRole('button', { name: 'Confirm', hidden: true }))
    expect(saved.map((e) => [e.mentee, e.mentor])).toEqual([['ACCEPTED', 'PROPOSED']])
  })

  it('releases only after two confirmations', async () => {
    const editor = await renderEditor(aTeam('MATCHED', 'ACCEPTED', 'ACCEPTED'))
    const user = userEvent.setup()
    await user.click(button('release matching tandem'))
    await user.click(within(await confirmation()).getByRole('button', { name: 'Confirm', hidden: true }))
    expect(editor.released()).toBe(0)
    const second = await screen.findByText(/Releasing cannot be undone/)
    expect(second).toBeTruthy()
    await user.click(within(await confirmation()).getByRole('button', { name: 'Confirm', hidden: true }))
    expect(editor.released()).toBe(1)
  })
})
