// The app's router: react-router's declarative router on its own history, with a gate that a screen
// closes while leaving it would lose work (the questionnaire's unsaved changes). react-router offers
// `useBlocker` only with its data router, which cost ~15 KiB (brotli) of every first load for this
// one feature; the gate does the same on the history the declarative router navigates with: it
// holds back a link or `navigate()` before it happens, and undoes the browser's back or forward
// step (and redoes it on "leave"), as the data router does.
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import { NavigationType, parsePath, unstable_HistoryRouter as HistoryRouter, type Location, type To } from 'react-router'

export type History = Parameters<typeof HistoryRouter>[0]['history']
type Update = Parameters<Parameters<History['listen']>[0]>[0]

/** A navigation held back by the gate: go on with it, or stay. */
export type HeldNavigation = { readonly proceed: () => void; readonly reset: () => void }
/** Whether the page may be left for the next one (pathnames only: a query change stays). */
export type LeaveCheck = (current: Location, next: Pick<Location, 'pathname'>) => boolean

export type NavigationGate = {
  /** Closes the gate while `blocks` says so; answers a function that opens it again. */
  readonly block: (blocks: LeaveCheck) => () => void
  readonly subscribe: (onChange: () => void) => () => void
  readonly held: () => HeldNavigation | null
}

/** The history the router navigates with, and the gate in front of it. */
export const gatedHistory = (base: History): { readonly history: History; readonly gate: NavigationGate } => {
  let blocks: LeaveCheck | null = null
  let held: HeldNavigation | null = null
  let routerListener: ((update: Update) => void) | null = null
  // the browser steps this history takes itself (undoing a held back step) are not the person's
  let ownSteps = 0
  let passNextStep = false
  const watchers = new Set<() => void>()
  const hold = (go: () => void) => {
    held = {
      proceed: () => {
        held = null
        watchers.forEach((w) => w())
        go()
      },
      reset: () => {
        held = null
        watchers.forEach((w) => w())
      },
    }
    watchers.forEach((w) => w())
  }
  const leaving = (to: To): boolean => {
    if (blocks === null || held !== null) return false
    const pathname = (typeof to === 'string' ? parsePath(to) : to).pathname ?? base.location.pathname
    return blocks(base.location, { pathname })
  }
  let shown = base.location
  let listening = false
  const listenToBase = () => {
    if (listening) return
    listening = true
    base.listen((update) => {
      if (update.action === NavigationType.Pop && ownSteps > 0) {
        ownSteps -= 1
        return
      }
      const delta = update.delta
      if (
        update.action === NavigationType.Pop &&
        !passNextStep &&
        blocks !== null &&
        delta !== null &&
        delta !== 0 &&
        blocks(shown, update.location)
      ) {
        // the browser has moved already: step back to the page, and forward again on "leave"
        ownSteps += 1
        base.go(-delta)
        if (held === null)
          hold(() => {
            passNextStep = true
            base.go(delta)
          })
        return
      }
      passNextStep = false
      shown = update.location
      routerListener?.(update)
    })
  }
  const history: History = {
    get action() {
      return base.action
    },
    get location() {
      return base.location
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push: (to, state) => (leaving(to) ? hold(() => base.push(to, state)) : base.push(to, state)),
    replace: (to, state) => (leaving(to) ? hold(() => base.replace(to, state)) : base.replace(to, state)),
    go: (delta) => base.go(delta),
    listen: (listener) => {
      listenToBase()
      routerListener = listener
      return () => {
        if (routerListener === listener) routerListener = null
      }
    },
  }
  const gate: NavigationGate = {
    block: (check) => {
      blocks = check
      return () => {
        if (blocks === check) blocks = null
      }
    },
    subscribe: (onChange) => {
      watchers.add(onChange)
      return () => watchers.delete(onChange)
    },
    held: () => held,
  }
  return { history, gate }
}

const GateContext = createContext<NavigationGate | null>(null)

/** The router of the app (a browser history) and of the tests (a memory history). */
export const GatedRouter = ({ history: base, children }: { readonly history: History; readonly children: ReactNode }) => {
  const { history, gate } = useMemo(() => gatedHistory(base), [base])
  return (
    <GateContext.Provider value={gate}>
      <HistoryRouter history={history}>{children}</HistoryRouter>
    </GateContext.Provider>
  )
}

/**
 * Holds back every navigation to another page while `when` is true; answers the held navigation
 * (to go on or to stay), or null.
 */
export const useLeaveGate = (when: boolean): HeldNavigation | null => {
  const gate = useContext(GateContext)
  if (gate === null) throw new Error('useLeaveGate needs the GatedRouter')
  useEffect(() => (when ? gate.block((current, next) => current.pathname !== next.pathname) : undefined), [gate, when])
  return useSyncExternalStore(gate.subscribe, gate.held)
}
