// The e-mail code is typed inside the secure frame: the host page, however hostile, never
// sees it, and a code the host posts to the frame logs nobody in.
import { expect } from '@open-wc/testing'
import { executeServerCommand } from '@web/test-runner-commands'
import { HANDSHAKE, HANDSHAKE_ACCEPT } from '../protocol/schemas.js'
import { createSecureFrame, type SecureFrame } from './frame.js'

const { origin: secureOrigin } = (await (await fetch('/__openmodal/secure-site.json')).json()) as {
  origin: string
}

const newEmail = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`

async function mailboxCode(email: string): Promise<string> {
  const response = await fetch(`${secureOrigin}/__test/mailbox?email=${encodeURIComponent(email)}`)
  return ((await response.json()) as { otp: string }).otp
}

/** The frame as a hostile host drives it: its own handshake, raw messages on the port. */
async function rawFrame(projectId: string) {
  const iframe = document.createElement('iframe')
  iframe.src = `${secureOrigin}/frame?projectId=${projectId}&chainId=31337&version=0.1.0`
  const nonce = crypto.randomUUID()
  const port = await new Promise<MessagePort>((resolve) => {
    window.addEventListener('message', function onMessage(event) {
      if (event.source !== iframe.contentWindow || event.data?.type !== HANDSHAKE_ACCEPT) return
      window.removeEventListener('message', onMessage)
      resolve(event.ports[0] as MessagePort)
    })
    iframe.addEventListener('load', () =>
      iframe.contentWindow?.postMessage({ type: HANDSHAKE, nonce }, secureOrigin),
    )
    document.body.append(iframe)
  })
  const ready = new Promise<void>((resolve) => {
    port.addEventListener('message', (event) => {
      if (event.data?.event === 'READY') resolve()
    })
  })
  port.start()
  await ready
  const send = (type: string, payload: unknown) =>
    new Promise<{ status: string; payload: Record<string, unknown> }>((resolve) => {
      const id = crypto.randomUUID()
      port.addEventListener('message', function onReply(event) {
        if (event.data?.id !== id) return
        port.removeEventListener('message', onReply)
        resolve(event.data)
      })
      port.postMessage({ id, type, payload })
    })
  return { iframe, send }
}

describe('code entry in the secure frame', () => {
  const frames: SecureFrame[] = []
  after(() => {
    for (const frame of frames) frame.destroy()
  })

  it('refuses a code the host posts (the old CONNECT_OTP with a code): nobody logs in', async () => {
    const { iframe, send } = await rawFrame('p-ok')
    const email = newEmail('posted')
    expect(await send('CONNECT_EMAIL', { email })).to.deep.include({ status: 'SUCCESS' })
    const otp = await mailboxCode(email)
    const answer = await send('CONNECT_OTP', { otp })
    expect(answer.status).to.equal('ERROR')
    expect(await send('IS_CONNECTED', {})).to.deep.include({
      status: 'SUCCESS',
      payload: { isConnected: false },
    })
    iframe.remove()
  })

  it('a hostile page listening to every key, input, paste and message learns nothing of the code', async () => {
    const seen: string[] = []
    const record = (event: Event) => {
      const target = event.composedPath()[0] as HTMLInputElement | undefined
      seen.push(
        JSON.stringify({
          type: event.type,
          key: (event as KeyboardEvent).key,
          data: (event as InputEvent).data,
          value: target?.value,
          pasted: (event as ClipboardEvent).clipboardData?.getData('text'),
        }),
      )
    }
    const types = ['keydown', 'keyup', 'keypress', 'beforeinput', 'input', 'paste', 'change']
    for (const type of types) {
      document.addEventListener(type, record, true)
      window.addEventListener(type, record, true)
    }
    const onMessage = (event: MessageEvent) => {
      seen.push(JSON.stringify(event.data))
      for (const port of event.ports) port.addEventListener('message', onMessage)
    }
    window.addEventListener('message', onMessage, true)
    try {
      const frame = createSecureFrame({
        secureOrigin,
        projectId: 'p-ok',
        chainId: 31337,
        version: '0.1.0',
      })
      frames.push(frame)
      const statuses: string[] = []
      frame.onLoginStatus((status) => statuses.push(status))
      const email = newEmail('typed')
      await frame.request('CONNECT_EMAIL', { email })
      const otp = await mailboxCode(email)
      const entered = frame.request('CONNECT_OTP', {})
      // The visitor types the code with the keyboard into the frame's own field.
      await executeServerCommand('frame-type', { label: 'Code', value: otp })
      await entered
      expect(await frame.request('IS_CONNECTED', {})).to.deep.equal({ isConnected: true })
      expect(statuses).to.include.members(['waiting', 'verifying', 'ready'])
      const everything = seen.join('\n') + statuses.join('\n')
      expect(everything).to.not.include(otp)
      for (const digit of new Set(otp)) {
        expect(seen.filter((line) => line.includes(`"key":"${digit}"`))).to.deep.equal([])
      }
      expect(
        seen.filter((line) => /"type":"(key|input|paste|beforeinput)/.test(line)),
      ).to.deep.equal([])
    } finally {
      for (const type of types) {
        document.removeEventListener(type, record, true)
        window.removeEventListener(type, record, true)
      }
      window.removeEventListener('message', onMessage, true)
    }
  })
  it('shows a failed mail at once, in the frame and as the status; Cancel rejects with 4001', async () => {
    const frame = createSecureFrame({
      secureOrigin,
      projectId: 'p-ok',
      chainId: 31337,
      version: '0.1.0',
    })
    frames.push(frame)
    const statuses: string[] = []
    frame.onLoginStatus((status) => statuses.push(status))
    // The stand-in's mail server refuses mail to `nomail…` addresses, after /start answered.
    await frame.request('CONNECT_EMAIL', { email: newEmail('nomail') })
    const entered = frame.request('CONNECT_OTP', {}).catch((error: unknown) => error)
    const shown = performance.now()
    for (let i = 0; i < 100 && !statuses.includes('mail_failed'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(statuses).to.include('mail_failed')
    expect(performance.now() - shown).to.be.below(1500)
    const text = (await executeServerCommand('frame-text', {})) as string
    expect(text).to.include('The e-mail could not be sent; try again.')
    await executeServerCommand('frame-click', { name: 'Cancel' })
    const error = (await entered) as { code?: number }
    expect(error.code).to.equal(4001)
    expect(frame.iframe.style.visibility).to.equal('hidden')
  })
})
