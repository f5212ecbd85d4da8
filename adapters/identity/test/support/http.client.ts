// A tiny browser stand-in for tests: fetch with a cookie jar, manual redirects and helpers to read
// the hidden fields of the server-rendered forms.
export type Reply = {
  readonly status: number
  readonly location: string | undefined
  readonly body: string
  readonly url: string
  readonly headers?: Headers
}

export class Browser {
  private readonly cookies = new Map<string, string>()

  constructor(private readonly base: string) {}

  url(path: string): string {
    return new URL(path, this.base).href
  }

  async get(path: string, headers: Readonly<Record<string, string>> = {}): Promise<Reply> {
    return this.request('GET', path, undefined, headers)
  }

  async post(path: string, form: Readonly<Record<string, string>>, headers: Readonly<Record<string, string>> = {}): Promise<Reply> {
    return this.request('POST', path, new URLSearchParams(form).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    })
  }

  /** Follows redirects until one leaves the server (the app's redirect URI) or a page is shown. */
  async follow(reply: Reply, stopAt: string): Promise<Reply> {
    let current = reply
    const leaves = (location: string): boolean => {
      const url = new URL(location, this.base)
      return `${url.origin}${url.pathname}` === stopAt
    }
    for (let hop = 0; hop < 10 && current.location !== undefined && !leaves(current.location); hop++) {
      current = await this.get(current.location)
    }
    return current
  }

  forget(name: string): void {
    this.cookies.delete(name)
  }

  private async request(method: string, path: string, body: string | undefined, headers: Readonly<Record<string, string>>): Promise<Reply> {
    const url = this.url(path)
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { ...headers, ...(cookie === '' ? {} : { cookie }) },
      ...(body === undefined ? {} : { body }),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      const expired = attributes.some((a) => /expires=.*1970/i.test(a) || /max-age=0/i.test(a.trim()))
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return {
      status: response.status,
      location: response.headers.get('location') ?? undefined,
      body: await response.text(),
      url,
      headers: response.headers,
    }
  }
}

export const hiddenField = (html: string, name: string): string => {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)
  if (match?.[1] === undefined) throw new Error(`no hidden field ${name} in page`)
  return match[1].replace(/&amp;/g, '&')
}

export const formAction = (html: string): string => {
  const match = /<form method="post" action="([^"]*)"/.exec(html)
  if (match?.[1] === undefined) throw new Error('no form in page')
  return match[1].replace(/&amp;/g, '&')
}

/** The text of the error summary (role=alert), or '' when the page shows none. */
export const alertText = (html: string): string => {
  const match = /<div class="alert" role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)
  return (
    match?.[1]
      ?.replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() ?? ''
  )
}
