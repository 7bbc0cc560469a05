// The modal embedded in a page (always open, no dialog) in the theme named by `?theme=`.
import { evmAdapter } from '@openmodal/evm'
import { mainnet, optimism } from '@openmodal/evm/networks'
import { createModal } from '@openmodal/ui'
import { THEMES, type ThemeName } from './themes.js'

const name = (new URL(location.href).searchParams.get('theme') ?? 'light') as ThemeName
createModal({
  projectId: 'docs',
  networks: [mainnet, optimism],
  adapters: [evmAdapter()],
  enableEmbedded: true,
  locale: 'en',
  ...THEMES[name],
})
