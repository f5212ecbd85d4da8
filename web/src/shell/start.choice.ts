// What index.html loads first. A signed-out visitor of a page that needs sign-in gets only what the
// redirect to the provider needs (sign-in.start.ts: the configuration and oidc-client-ts), not the
// app (React, Fluent UI, the texts, the routes) that would only start to send them on.
// Both functions run inline in index.html's head before any script loads: the build writes their
// source there (start-choice.plugin.ts), so they may use nothing outside themselves.

/** An entry script and the modules it imports, fetched together so no import waits for another. */
export type StartScripts = { readonly entry: string; readonly preloads: readonly string[] }

type PageAddress = Pick<Location, 'pathname' | 'search'>
type SessionEntries = Pick<Storage, 'length' | 'key'>

/**
 * Whether the page certainly needs sign-in first: a page of the route table behind `RequireSignIn`
 * (`test/sign-in.first.test.tsx` holds the two together), no answer of the provider in the address,
 * and no user oidc-client-ts keeps (`oidc.user:<authority>:<client>`). Anything else, including
 * storage the browser refuses, starts the app, which decides as before.
 */
export function needsSignInFirst(address: PageAddress, session: () => SessionEntries): boolean {
  const protectedPage = /^\/(?:(?:matching|user\/(?:account|mentee-profile|mentor-profile)|administrator(?:\/.*)?)\/?)?$/i
  if (!protectedPage.test(address.pathname) || /[?&](?:state|code|error)=/.test(address.search)) return false
  try {
    const entries = session()
    for (let i = 0; i < entries.length; i++) if ((entries.key(i) ?? '').indexOf('oidc.user:') === 0) return false
    return true
  } catch {
    return false
  }
}

/** Adds the chosen entry and its modules to the head; `choose` is `needsSignInFirst`. */
export function startScripts(
  app: StartScripts,
  signIn: StartScripts,
  choose: (address: PageAddress, session: () => SessionEntries) => boolean,
  doc: Document = document,
): void {
  const view = doc.defaultView
  const chosen = view !== null && choose(view.location, () => view.sessionStorage) ? signIn : app
  const script = doc.createElement('script')
  script.type = 'module'
  script.crossOrigin = ''
  script.src = chosen.entry
  doc.head.appendChild(script)
  for (const href of chosen.preloads) {
    const link = doc.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    doc.head.appendChild(link)
  }
}
