// The leave gate of the app's router holds back every way of leaving a page while it is closed: a
// link, a `navigate()` call and the back button (undone in the history and redone on "leave"); a
// change of the query stays on the page, and an open gate lets everything through.
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { Link, Route, Routes, UNSAFE_createMemoryHistory as createMemoryHistory, useLocation, useNavigate } from 'react-router'
import { GatedRouter, useLeaveGate } from '../src/shell/navigation.js'

afterEach(cleanup)

const Form = () => {
  const [dirty, setDirty] = useState(false)
  const held = useLeaveGate(dirty)
  const navigate = useNavigate()
  return (
    <>
      <h1>Form</h1>
      <button onClick={() => setDirty(true)}>Change</button>
      <button onClick={() => setDirty(false)}>Save</button>
      <button onClick={() => void navigate('/elsewhere')}>Go by code</button>
      <button onClick={() => void navigate('/form?tab=2')}>Other tab</button>
      <button onClick={() => void navigate(-1)}>Back</button>
      <Link to="/elsewhere">Elsewhere</Link>
      {held !== null && (
        <div role="alertdialog" aria-label="Leave?">
          <button onClick={held.reset}>Stay</button>
          <button onClick={held.proceed}>Leave</button>
        </div>
      )}
    </>
  )
}

const Where = () => <p data-testid="where">{`${useLocation().pathname}${useLocation().search}`}</p>

const setUp = (entries: string[]) => {
  const history = createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1, v5Compat: true })
  render(
    <GatedRouter history={history}>
      <Where />
      <Routes>
        <Route path="/form" element={<Form />} />
        <Route path="/elsewhere" element={<h1>Elsewhere</h1>} />
        <Route path="/start" element={<h1>Start</h1>} />
      </Routes>
    </GatedRouter>,
  )
  return { history, user: userEvent.setup(), where: () => screen.getByTestId('where').textContent }
}

describe('the leave gate', () => {
  it('lets every navigation through while the page has nothing to lose', async () => {
    const { user, where } = setUp(['/form'])
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy()
    expect(where()).toBe('/elsewhere')
  })

  it('holds back a link until the person chooses: stay keeps the page, leave goes on', async () => {
    const { user, where } = setUp(['/form'])
    await user.click(screen.getByRole('button', { name: 'Change' }))
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    await user.click(screen.getByRole('button', { name: 'Stay' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(where()).toBe('/form')
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    await user.click(screen.getByRole('button', { name: 'Leave' }))
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy()
    expect(where()).toBe('/elsewhere')
  })

  it('holds back navigate() from code as well', async () => {
    const { user, where } = setUp(['/form'])
    await user.click(screen.getByRole('button', { name: 'Change' }))
    await user.click(screen.getByRole('button', { name: 'Go by code' }))
    expect(screen.getByRole('alertdialog', { name: 'Leave?' })).toBeTruthy()
    expect(where()).toBe('/form')
  })

  it('lets a change of the query through (the same page)', async () => {
    const { user, where } = setUp(['/form'])
    await user.click(screen.getByRole('button', { name: 'Change' }))
    await user.click(screen.getByRole('button', { name: 'Other tab' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(where()).toBe('/form?tab=2')
  })

  it('undoes the back button while held, and goes back on "leave"', async () => {
    const { user, where, history } = setUp(['/start', '/form'])
    await user.click(screen.getByRole('button', { name: 'Change' }))
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getByRole('alertdialog', { name: 'Leave?' })).toBeTruthy()
    // the history is back on the form, and so is the page
    expect(history.location.pathname).toBe('/form')
    expect(where()).toBe('/form')
    await user.click(screen.getByRole('button', { name: 'Stay' }))
    expect(history.location.pathname).toBe('/form')
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await user.click(screen.getByRole('button', { name: 'Leave' }))
    expect(await screen.findByRole('heading', { name: 'Start' })).toBeTruthy()
    expect(history.location.pathname).toBe('/start')
  })

  it('opens again once the changes are saved', async () => {
    const { user, where } = setUp(['/form'])
    await user.click(screen.getByRole('button', { name: 'Change' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await act(async () => {
      await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    })
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(where()).toBe('/elsewhere')
  })
})
