// Typed hooks for the store, so components never repeat the state and dispatch types.
import { useDispatch, useSelector } from 'react-redux'
import type { AppDispatch, RootState } from './store.js'

export const useAppDispatch = useDispatch.withTypes<AppDispatch>()
export const useAppSelector = useSelector.withTypes<RootState>()
