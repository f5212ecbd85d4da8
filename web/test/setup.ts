// jsdom lacks a few browser APIs Fluent UI reads; tests unmount what they rendered.
import { afterEach } from 'vitest'
import { cleanup, configure } from '@testing-library/react'

// two shared cores: screens may take more than the default second to appear under load
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  window.localStorage.clear()
  window.sessionStorage.clear()
})

if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
}

// jsdom has no object URLs (photo preview) and its FormData is not one Node's fetch can send, so
// multipart uploads use Node's own FormData, File and Blob (taken from a Response, which jsdom lacks).
if (typeof URL.createObjectURL !== 'function') {
  URL.createObjectURL = () => 'blob:preview'
  URL.revokeObjectURL = () => undefined
}
{
  const nodeForm = await new Response('a=1', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData()
  const { File: NodeFile, Blob: NodeBlob } = await import('node:buffer')
  Object.assign(globalThis, { FormData: nodeForm.constructor, File: NodeFile, Blob: NodeBlob })
}
