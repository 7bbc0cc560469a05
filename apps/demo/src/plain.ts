// The plain page: the custom elements in the HTML and `createModal` from @openmodal/ui,
// no framework.
import { createModal } from '@openmodal/ui'
import { networks } from './networks.js'

const modal = createModal({
  projectId: 'demo',
  networks,
  metadata: {
    name: 'OpenModal demo (plain)',
    description: 'The OpenModal elements without a framework',
    url: location.origin,
    icons: [],
  },
})

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
document.querySelector<HTMLSelectElement>('#locale-select')?.addEventListener('change', (event) => {
  modal.setLocale((event.currentTarget as HTMLSelectElement).value)
})
