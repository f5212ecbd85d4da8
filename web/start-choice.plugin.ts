// Lets index.html choose its scripts before any loads (src/shell/start.choice.ts): the build adds
// the early sign-in (src/sign-in.start.ts) as a second entry and replaces the app's entry script and
// module preloads, which Vite writes into the head, by one inline script that adds either the app's
// or the sign-in's. Both sets are fetched at once, as Vite's own tags would be: the choice costs a
// signed-in load no round trip. The server allows that inline script by its hash (the CSP).
import type { Plugin, Rolldown } from 'vite'
import { needsSignInFirst, startScripts, type StartScripts } from './src/shell/start.choice.js'

const SIGN_IN_ENTRY = 'sign-in'

type OutputBundle = Rolldown.OutputBundle
type OutputChunk = Rolldown.OutputChunk

const isChunk = (output: OutputBundle[string] | undefined): output is OutputChunk => output?.type === 'chunk'

/** The entry and every chunk it imports statically, directly or not, as Vite preloads them. */
const scriptsOf = (entry: OutputChunk, bundle: OutputBundle, base: string): StartScripts => {
  const seen = new Set<string>()
  const visit = (chunk: OutputChunk): string[] =>
    chunk.imports.flatMap((file) => {
      const imported = bundle[file]
      if (!isChunk(imported) || seen.has(file)) return []
      seen.add(file)
      return [...visit(imported), file]
    })
  return { entry: `${base}${entry.fileName}`, preloads: visit(entry).map((file) => `${base}${file}`) }
}

const VITE_TAGS = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>|\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g

export const startChoice = (): Plugin => {
  let base = '/'
  return {
    name: 'tandem-start-choice',
    apply: 'build',
    config: () => ({
      build: { rolldownOptions: { input: { index: 'index.html', [SIGN_IN_ENTRY]: 'src/sign-in.start.ts' } } },
    }),
    configResolved: (config) => {
      base = config.base
    },
    transformIndexHtml: {
      handler: (html, context) => {
        const { bundle, chunk } = context
        if (bundle === undefined || chunk === undefined) return html
        const signInEntry = Object.values(bundle).find((c) => isChunk(c) && c.isEntry && c.name === SIGN_IN_ENTRY)
        if (!isChunk(signInEntry)) throw new Error(`the build has no "${SIGN_IN_ENTRY}" entry`)
        const app = scriptsOf(chunk, bundle, base)
        const removed: string[] = []
        const rest = html.replace(VITE_TAGS, (_tag, script: string | undefined, preload: string | undefined) => {
          removed.push(script ?? preload ?? '')
          return ''
        })
        // every tag Vite wrote is one the inline script adds, and none is left behind
        if ([...removed].sort().join() !== [app.entry, ...app.preloads].sort().join())
          throw new Error(`index.html: Vite's script tags (${removed.join(', ')}) are not the app's entry and imports`)
        const inline = `(${startScripts.toString()})(${JSON.stringify(app)}, ${JSON.stringify(scriptsOf(signInEntry, bundle, base))}, ${needsSignInFirst.toString()})`
        return rest.replace('</head>', `  <script>${inline}</script>\n  </head>`)
      },
    },
  }
}
