// The plain page: the custom elements in the HTML and `createModal` from @openmodal/ui,
// no framework.
import { evmAdapter } from '@openmodal/evm'
import { createModal } from '@openmodal/ui'
import { walletConnect } from '@openmodal/walletconnect/connector'
import { installDevWallet, loadLocalConfig } from './local.js'
import { LOCALES } from './locales.js'
import { demoNetworks } from './networks.js'

const config = await loadLocalConfig()
await installDevWallet(config)
const networks = demoNetworks(config.chains)

const modal = createModal({
  projectId: 'demo',
  // The server `pnpm demo` started: the wallet list and the project's remote config.
  ...(config.apiUrl ? { apiUrl: config.apiUrl } : {}),
  networks,
  defaultNetwork: networks[0].caipNetworkId,
  adapters: [evmAdapter()],
  // WalletConnect over the local relay `pnpm demo` starts (Verify needs the internet: off).
  ...(config.relayUrl ? { walletConnect: walletConnect({ relayUrl: config.relayUrl }) } : {}),
  metadata: {
    name: 'OpenModal demo (plain)',
    description: 'The OpenModal elements without a framework',
    url: location.origin,
    icons: [],
  },
})

window.__openmodal = modal

const state = document.querySelector<HTMLPreElement>('#state')
const render = () => {
  if (state) state.textContent = JSON.stringify(modal.getState(), null, 2)
}
render()
modal.subscribeState(render)

document.querySelector('#open-modal')?.addEventListener('click', () => modal.open())
document
  .querySelector('#open-networks')
  ?.addEventListener('click', () => modal.open({ view: 'Networks' }))
document.querySelector('#theme-toggle')?.addEventListener('click', () => {
  const next = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark'
  document.documentElement.dataset.theme = next
  modal.setThemeMode(next)
})
const localeSelect = document.querySelector<HTMLSelectElement>('#locale-select')
for (const { code, label, dir } of LOCALES) {
  const option = new Option(label, code)
  option.lang = code
  option.dir = dir
  localeSelect?.append(option)
}
if (config.mailboxUrl) {
  const link = Object.assign(document.createElement('a'), {
    href: config.mailboxUrl,
    target: '_blank',
    rel: 'noreferrer',
    textContent: 'local mailbox',
  })
  const line = document.createElement('p')
  line.append('E-mail login codes arrive in the ', link, '.')
  document.querySelector('main')?.append(line)
}
localeSelect?.addEventListener('change', (event) => {
  modal.setLocale((event.currentTarget as HTMLSelectElement).value)
})
