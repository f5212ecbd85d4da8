// The store as React context, and typed hooks for it, so components never repeat the state and
// dispatch types.
import { createContext, useContext, useSyncExternalStore } from 'react'
import type { AppDispatch, AppStore, RootState } from './store.js'

export const StoreContext = createContext<AppStore | null>(null)

export const useAppStore = (): AppStore => {
  const store = useContext(StoreContext)
  if (store === null) throw new Error('useAppStore needs the Providers around it')
  return store
}

/** The selector must return a value kept in the state (not a new object per call). */
export const useAppSelector = <T>(select: (state: RootState) => T): T => {
  const store = useAppStore()
  return useSyncExternalStore(store.subscribe, () => select(store.getState()))
}

export const useAppDispatch = (): AppDispatch => useAppStore().dispatch
