// The dapp page that the server's Chromium tests (passkey recovery, social login) load: one
// page framing the secure site and speaking its protocol, as a host page would.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A dapp page for the server's Chromium tests: frames the secure site (visible, full page,
 * passkeys allowed to it; `/?passphrase` asks the frame for passphrase recovery) and speaks
 * the frame protocol as `window.request(type, payload)`.
 *
 * @example const dapp = await startDappPage(() => secure, 'keys-project')
 */
export async function startDappPage(secure: () => string, projectId: string) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    if (url.pathname !== '/') {
      res.writeHead(404).end()
      return
    }
    const frame = `${secure()}/frame?projectId=${projectId}&chainId=1&version=0.1.0${url.search.includes('passphrase') ? '&recovery=passphrase' : ''}`
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end(`<!doctype html><title>dapp</title>
<style>iframe{position:fixed;inset:0;width:100%;height:100%;border:0}</style>
<iframe title="Secure wallet" allow="publickey-credentials-get ${secure()}; publickey-credentials-create ${secure()}" src="${frame}"></iframe>
<script type="module">
const target = ${JSON.stringify(secure())}
const nonce = crypto.randomUUID()
window.port = new Promise((resolve) => {
  addEventListener('message', (event) => {
    if (event.origin === target && event.data?.nonce === nonce && event.ports[0]) resolve(event.ports[0])
  })
  const timer = setInterval(() => document.querySelector('iframe').contentWindow.postMessage({ type: '@openmodal-frame/handshake', nonce }, target), 100)
  window.port_ready = () => clearInterval(timer)
})
window.request = async (type, payload) => {
  const port = await window.port
  window.port_ready()
  const id = crypto.randomUUID()
  return new Promise((resolve) => {
    port.addEventListener('message', (event) => {
      if (event.data?.id === id) resolve({ status: event.data.status, payload: event.data.payload })
    })
    port.start()
    port.postMessage({ id, type, payload })
  })
}
</script>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}
