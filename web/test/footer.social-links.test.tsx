import { describe, expect, it } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import { Footer } from '../src/shell/Footer.js'
import { decodeAppConfig } from '../src/state/config.js'
import { configLoaded } from '../src/state/session.slice.js'
import { renderWithProviders, testConfig } from './utils/renderWithProviders.js'

describe('footer social links (docs/product.md#navigation; server ORG_SOCIAL → app-config.json organisation.social)', () => {
  it('shows each social link that app-config.json names under organisation', async () => {
    const { store } = await renderWithProviders(<Footer />)
    const base = testConfig('http://127.0.0.1:1')
    // the shape the server sends, decoded as at start
    const config = decodeAppConfig(
      JSON.parse(
        JSON.stringify({
          ...base,
          organisation: { ...base.organisation, social: [{ name: 'Mastodon', url: 'https://social.example/@tandem' }] },
        }),
      ),
    )
    act(() => {
      store.dispatch(configLoaded(config))
    })
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: 'Mastodon' }).getAttribute('href')).toBe('https://social.example/@tandem')
  })

  it('shows no social link when none is configured', async () => {
    await renderWithProviders(<Footer />)
    expect(within(screen.getByRole('contentinfo')).queryByRole('link', { name: 'Mastodon' })).toBeNull()
  })
})
