// The keys page of the Coinbase stand-in: what runs in the popup the Coinbase Wallet SDK
// (4.x) opens. It speaks the SDK's popup handshake (PopupLoaded, the config message,
// selectSignerType → 'scw', then the ECDH P-256 key exchange and AES-GCM sealed requests)
// and hands each decrypted request to its server, which signs with a dev key.

/** The page's HTML; its script is inline so the page needs nothing else. */
export const coinbasePopupPage = (): string => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Coinbase stand-in</title>
<style>body{font:14px system-ui;margin:16px}</style></head>
<body><h1>Coinbase keys stand-in</h1><p id="status" aria-live="polite">Waiting for the app…</p>
<script type="module">
const query = new URLSearchParams(location.search)
const dappOrigin = query.get('origin')
const status = document.getElementById('status')
const post = (message) => window.opener?.postMessage(message, dappOrigin)
const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('')
const unhex = (text) => new Uint8Array(text.match(/../g).map((b) => parseInt(b, 16)))
const server = async (path, body) => {
  const response = await fetch(path, { method: 'POST', body: JSON.stringify(body) })
  return response.json()
}
const keys = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveKey'])
const ownPublicKey = hex(await crypto.subtle.exportKey('spki', keys.publicKey))
let shared
const seal = async (content) => {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const cipherText = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, shared, new TextEncoder().encode(JSON.stringify(content)))
  return { iv, cipherText }
}
const open = async ({ iv, cipherText }) =>
  JSON.parse(new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, shared, cipherText)))
const reply = async (id, content) =>
  post({ requestId: id, sender: ownPublicKey, content: { encrypted: await seal(content) }, timestamp: new Date() })

window.addEventListener('message', async (event) => {
  if (event.origin !== dappOrigin || event.source !== window.opener) return
  const message = event.data ?? {}
  try {
    if (message.requestId && message.data?.version) {
      await server('/__coinbase/event', { type: 'config', data: message.data })
    } else if (message.event === 'selectSignerType') {
      await server('/__coinbase/event', { type: 'selectSignerType', data: message.data })
      post({ requestId: message.id, data: 'scw' })
    } else if (message.content?.handshake) {
      const peer = await crypto.subtle.importKey('spki', unhex(message.sender), { name: 'ECDH', namedCurve: 'P-256' }, true, [])
      shared = await crypto.subtle.deriveKey({ name: 'ECDH', public: peer }, keys.privateKey, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
      const { method, params } = message.content.handshake
      const { result, chains } = await server('/__coinbase/call', { method, params, handshake: true })
      await reply(message.id, { result, data: { chains } })
      status.textContent = 'Connected'
    } else if (message.content?.encrypted) {
      const { action, chainId } = await open(message.content.encrypted)
      const { result } = await server('/__coinbase/call', { ...action, chainId })
      await reply(message.id, { result })
      status.textContent = 'Answered ' + action.method
    }
  } catch (error) {
    post({ requestId: message.id, sender: ownPublicKey, content: { failure: { code: -32603, message: String(error) } }, timestamp: new Date() })
  }
})
post({ event: 'PopupLoaded', id: crypto.randomUUID() })
</script></body></html>`
