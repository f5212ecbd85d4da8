// @tandem/web as a package: where the built single-page app lies, so the server can serve it.
// The browser code itself starts at src/main.tsx and is built by `npm run build -w web`.
export const webDistUrl: URL = new URL('../dist/', import.meta.url)
