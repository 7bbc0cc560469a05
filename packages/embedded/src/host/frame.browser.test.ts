import { ed25519 } from '@noble/curves/ed25519'
import { expect } from '@open-wc/testing'
import { $alert, alertTexts } from '@openmodal/core/internal'
import { base58 } from '@scure/base'
import { executeServerCommand } from '@web/test-runner-commands'
import { createPublicClient, http, verifyMessage, verifyTypedData } from 'viem'
import { anvil as anvilChain } from 'viem/chains'
import { HANDSHAKE_ACCEPT } from '../protocol/schemas.js'
import { typeCode } from '../test/login.js'
import { FrameError } from './errors.js'
import { createSecureFrame, type SecureFrame, type SecureFrameOptions } from './frame.js'
import { createEmbeddedProvider } from './provider.js'

const { origin: secureOrigin, rpcUrl } = (await (
  await fetch('/__openmodal/secure-site.json')
).json()) as {
  origin: string
  rpcUrl: string
}
const EMAIL = `user-${crypto.randomUUID().slice(0, 8)}@example.com`
const frames: SecureFrame[] = []

function open(projectId: string, options: Partial<SecureFrameOptions> = {}): SecureFrame {
  const frame = createSecureFrame({
    secureOrigin,
    projectId,
    chainId: 31337,
    version: '0.1.0',
    ...options,
  })
  frames.push(frame)
  return frame
}

async function mailboxCode(email: string): Promise<{ otp: string; dappOrigin: string }> {
  const response = await fetch(`${secureOrigin}/__test/mailbox?email=${encodeURIComponent(email)}`)
  return response.json()
}

/** Settles-or-not after `ms`: 'pending' if neither resolved nor rejected. */
function stateAfter(promise: Promise<unknown>, ms: number): Promise<string> {
  return Promise.race([
    promise.then(
      () => 'resolved',
      () => 'rejected',
    ),
    new Promise<string>((resolve) => setTimeout(() => resolve('pending'), ms)),
  ])
}

const frameClick = (name: 'Approve' | 'Reject') => executeServerCommand('frame-click', { name })

/** Posts forged messages from a foreign frame on the secure origin itself. */
function forgeFromForeignFrame(messages: unknown[]): HTMLIFrameElement {
  const foreign = document.createElement('iframe')
  foreign.src = `${secureOrigin}/__test/forger#${encodeURIComponent(JSON.stringify(messages))}`
  document.body.append(foreign)
  return foreign
}

/** Records every id this page makes, as a hostile script on the page could. */
function recordIds(): { ids: string[]; restore: () => void } {
  const original = crypto.randomUUID.bind(crypto)
  const ids: string[] = []
  crypto.randomUUID = () => {
    const id = original()
    ids.push(id)
    return id
  }
  return {
    ids,
    restore: () => {
      crypto.randomUUID = original
    },
  }
}

describe('secure frame (host side)', () => {
  after(() => {
    for (const frame of frames) frame.destroy()
  })

  it('loads nothing and makes no request until a frame is asked for', async () => {
    const before = performance.getEntriesByType('resource').length
    await import('../exports/index.js')
    const made = performance
      .getEntriesByType('resource')
      .slice(before)
      .filter((entry) => !entry.name.startsWith(location.origin)) // our own module files
    expect(made).to.deep.equal([])
    expect(document.querySelector('iframe')).to.equal(null)
  })

  it('is created hidden and full-screen with the spec query, then becomes ready', async () => {
    expect(document.querySelector(`iframe[src^="${secureOrigin}"]`)).to.equal(null)
    const frame = open('p-ok', { enableLogger: true })
    const url = new URL(frame.iframe.src)
    expect(url.origin + url.pathname).to.equal(`${secureOrigin}/frame`)
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      projectId: 'p-ok',
      chainId: '31337',
      version: '0.1.0',
      enableLogger: 'true',
    })
    expect(frame.iframe.style.zIndex).to.equal('999999')
    expect(frame.iframe.style.position).to.equal('fixed')
    expect(frame.iframe.style.visibility).to.equal('hidden')
    await frame.ready
    expect(await frame.request('IS_CONNECTED', {})).to.deep.equal({ isConnected: false })
    // Partitioned storage is allowed in this group: the frame keeps its keys across visits.
    expect(frame.persistentStorage).to.equal(true)
    // The READY event names the features: a custodial project has no factor to change.
    expect(await frame.supports('changeRecovery')).to.equal(false)
    const own = open('p-self')
    expect(await own.supports('changeRecovery')).to.equal(true)
    own.destroy()
    frame.destroy()
    expect(frame.iframe.isConnected).to.equal(false)
  })

  it('answers requests from its ready event on, without waiting the 500 ms after it', async () => {
    // A reload reconnects through IS_CONNECTED: it used to wait for `ready` (ready event +
    // 500 ms). With a 60 s delay, `ready` is still pending when the answer is in.
    const frame = open('p-ok', { timeouts: { readyDelay: 60_000 } })
    await frame.answering
    expect(await frame.request('IS_CONNECTED', {})).to.deep.equal({ isConnected: false })
    expect(await stateAfter(frame.ready, 0)).to.equal('pending')
    frame.destroy()
  })

  let address: `0x${string}`

  it('logs in by e-mail code and signs with personal_sign after in-frame approval', async () => {
    const frame = open('p-ok')
    const provider = createEmbeddedProvider(frame)
    const t0 = performance.now()
    expect(await frame.request('CONNECT_EMAIL', { email: EMAIL })).to.deep.equal({
      action: 'VERIFY_OTP',
    })
    const t1 = performance.now()
    const mail = await mailboxCode(EMAIL)
    expect(mail.dappOrigin).to.equal(location.origin) // the origin the frame verified
    const t2 = performance.now()
    const entered = frame.request('CONNECT_OTP', {})
    await executeServerCommand('frame-fill', { label: 'Code', value: mail.otp })
    expect(await entered).to.deep.equal({})
    const t3 = performance.now()

    const user = await frame.request('GET_USER', {})
    address = user.address as `0x${string}`
    expect(address).to.match(/^0x[0-9a-fA-F]{40}$/)
    expect(user.email).to.equal(EMAIL)
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0x7a69')
    expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([address])

    const shown: boolean[] = []
    frame.onVisibility((visible) => shown.push(visible))
    const message = 'Hello from the dapp'
    const signing = provider.request({ method: 'personal_sign', params: [message, address] })
    expect(await stateAfter(signing, 300)).to.equal('pending') // waits for the user
    const t4 = performance.now()
    await frameClick('Approve')
    const signature = (await signing) as `0x${string}`
    const t5 = performance.now()
    expect(await verifyMessage({ address, message, signature })).to.equal(true)
    expect(shown).to.deep.equal([true, false])
    console.log(
      `timings: e-mail submit -> code screen ${Math.round(t1 - t0)} ms; code -> wallet ready ${Math.round(t3 - t2)} ms; sign round trip incl. approval click ${Math.round(t5 - t4)} ms`,
    )
    expect(frame.iframe.style.visibility).to.equal('hidden')
  })

  it("signs a Solana message with the account of m/44'/501'/0'/0' after approval", async () => {
    const frame = frames.at(-1) as SecureFrame
    const user = await frame.request('GET_USER', {})
    const solana = user.accounts?.find((account) => account.namespace === 'solana')?.address ?? ''
    expect(base58.decode(solana).length).to.equal(32)
    const message = new TextEncoder().encode('Hello Solana')
    const signing = frame.request('RPC_REQUEST', {
      method: 'solana_signMessage',
      params: [{ message: base58.encode(message) }],
    })
    await frameClick('Approve')
    const { result } = await signing
    const signature = base58.decode((result as { signature: string }).signature)
    expect(ed25519.verify(signature, message, base58.decode(solana))).to.equal(true)
  })

  it('signs EIP-712 typed data (eth_signTypedData_v4) after approval', async () => {
    const provider = createEmbeddedProvider(frames.at(-1) as SecureFrame)
    const typedData = {
      domain: { name: 'OpenModal', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      message: { contents: 'Hello typed' },
    } as const
    const signing = provider.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })
    await frameClick('Approve')
    const signature = (await signing) as `0x${string}`
    const { EIP712Domain: _domain, ...types } = typedData.types
    expect(await verifyTypedData({ ...typedData, types, address, signature })).to.equal(true)
  })

  it('sends ETH on anvil with eth_sendTransaction after approval, and reads through the frame', async () => {
    const provider = createEmbeddedProvider(frames.at(-1) as SecureFrame)
    const anvil = createPublicClient({
      chain: { ...anvilChain, rpcUrls: { default: { http: [rpcUrl] } } },
      transport: http(rpcUrl),
    })
    await anvil.request({
      method: 'anvil_setBalance' as never,
      params: [address, '0xde0b6b3a7640000'] as never,
    })
    expect(
      await provider.request({ method: 'eth_getBalance', params: [address, 'latest'] }),
    ).to.equal('0xde0b6b3a7640000')
    const to = '0x000000000000000000000000000000000000bEEF'
    const before = await anvil.getBalance({ address: to })
    const sending = provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: address, to, value: '0x2386f26fc10000' }],
    })
    await frameClick('Approve')
    const hash = (await sending) as `0x${string}`
    const receipt = await anvil.waitForTransactionReceipt({ hash })
    expect(receipt.status).to.equal('success')
    expect(receipt.from.toLowerCase()).to.equal(address.toLowerCase())
    expect(await anvil.getBalance({ address: to })).to.equal(before + 10_000_000_000_000_000n)
  })

  it('rejects with 4001 when the user rejects in the frame', async () => {
    const provider = createEmbeddedProvider(frames.at(-1) as SecureFrame)
    const outcome = provider
      .request({ method: 'personal_sign', params: ['no', address] })
      .catch((e: unknown) => e)
    await new Promise((resolve) => setTimeout(resolve, 200))
    await frameClick('Reject')
    const error = await outcome
    expect((error as { code?: number }).code).to.equal(4001)
  })

  it('refuses an unknown RPC method with the spec text, without asking the frame', async () => {
    const provider = createEmbeddedProvider(frames.at(-1) as SecureFrame)
    const error = (await provider.request({ method: 'debug_traceCall' }).catch((e) => e)) as {
      code: number
      message: string
    }
    expect(error.code).to.equal(4200)
    expect(error.message).to.equal('Requested RPC call is not allowed')
  })

  it('keeps the session over a reload of the frame (no new code)', async () => {
    const frame = open('p-ok')
    const provider = createEmbeddedProvider(frame)
    expect(await frame.request('IS_CONNECTED', {})).to.deep.equal({ isConnected: true })
    expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([address])
  })

  it('ignores forged handshakes and replies from a page script and from foreign frames', async () => {
    const { ids, restore } = recordIds()
    let frame: SecureFrame
    try {
      frame = open('p-ok')
    } finally {
      restore()
    }
    const nonce = ids[0]
    // A forged handshake answer, with a port that would answer with a fake account.
    const forgedAccept = { type: HANDSHAKE_ACCEPT, nonce }
    const pagePort = new MessageChannel()
    pagePort.port1.onmessage = (event) =>
      pagePort.port1.postMessage({
        id: event.data.id,
        status: 'SUCCESS',
        payload: { result: ['0xdead'] },
      })
    pagePort.port1.postMessage({ event: 'READY' })
    window.postMessage(forgedAccept, '*', [pagePort.port2])
    const foreignHandshake = forgeFromForeignFrame([forgedAccept])
    await frame.ready
    foreignHandshake.remove()
    const provider = createEmbeddedProvider(frame)
    expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([address])

    // A pending signature: forged answers with its real id, from everywhere but the port.
    const { ids: requestIds, restore: restoreIds } = recordIds()
    const signing = provider.request({ method: 'personal_sign', params: ['real', address] })
    restoreIds()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const forgedReplies = requestIds.map((id) => ({
      id,
      status: 'SUCCESS',
      payload: { result: '0xforged' },
    }))
    for (const reply of forgedReplies) window.postMessage(reply, '*')
    const srcdoc = document.createElement('iframe')
    srcdoc.srcdoc = `<script>for (const m of ${JSON.stringify(forgedReplies)}) parent.postMessage(m, '*')</script>`
    document.body.append(srcdoc)
    const foreign = forgeFromForeignFrame(forgedReplies)
    expect(await stateAfter(signing, 800)).to.equal('pending') // nothing settled it
    srcdoc.remove()
    foreign.remove()

    await frameClick('Approve')
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address, message: 'real', signature })).to.equal(true)
  })

  it('aborts pending requests but not safe reads', async () => {
    const frame = frames.at(-1) as SecureFrame
    const provider = createEmbeddedProvider(frame)
    const signing = provider
      .request({ method: 'personal_sign', params: ['abort me', address] })
      .catch((e) => e)
    const read = provider.request({ method: 'eth_accounts' })
    await new Promise((resolve) => setTimeout(resolve, 200))
    frame.abortPending()
    const error = (await signing) as Error & { shortMessage?: string }
    expect(error.shortMessage).to.equal('Request was aborted')
    expect(await read).to.deep.equal([address])
    await frameClick('Reject') // closes the frame's dialog of the aborted request
  })

  it('signs in a frame holding the auth share, and asks for a new code after 5 minutes elsewhere', async () => {
    await fetch(`${secureOrigin}/__test/age-sessions`, { method: 'POST' })
    const holding = createEmbeddedProvider(frames.at(-1) as SecureFrame)
    const signing = holding.request({ method: 'personal_sign', params: ['still here', address] })
    await frameClick('Approve')
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address, message: 'still here', signature })).to.equal(true)

    $alert.set(null as never)
    const reloaded = open('p-ok')
    const shown: boolean[] = []
    reloaded.onVisibility((visible) => shown.push(visible))
    const provider = createEmbeddedProvider(reloaded)
    expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([address])
    expect($alert.get()).to.equal(null)
    const error = (await provider
      .request({ method: 'personal_sign', params: ['stale', address] })
      .catch((e) => e)) as {
      code: number
      message: string
    }
    expect([error.code, error.message]).to.deep.equal([4100, 'Session Expired'])
    expect(shown).to.deep.equal([]) // no dialog for a request that cannot be signed
    // Spec §8: the modal's "Session Expired" alert, from the frame's coded error.
    const alert = $alert.get()
    expect(alert?.code).to.equal('SESSION_EXPIRED')
    expect(alert && alertTexts(alert).title).to.equal('Session Expired')
    $alert.set(null as never)
  })

  it('signs out within the 3 s limit and forgets the session in the frame', async () => {
    const frame = frames.at(-1) as SecureFrame
    const provider = createEmbeddedProvider(frame)
    const started = performance.now()
    expect(await frame.request('SIGN_OUT', {})).to.deep.equal({})
    expect(performance.now() - started).to.be.below(3_000)
    expect(await frame.request('IS_CONNECTED', {})).to.deep.equal({ isConnected: false })
    expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([])
    const again = open('p-ok') // a reload after sign-out: no session to restore
    expect(await again.request('IS_CONNECTED', {})).to.deep.equal({ isConnected: false })
  })

  it('reports iframe_load_failed after the load timeout when frame-ancestors blocks the frame', async () => {
    $alert.set(null as never)
    const frame = open('p-blocked', { timeouts: { load: 1_500 } })
    const request = frame.request('IS_CONNECTED', {})
    const error = await frame.ready.catch((e: unknown) => e)
    expect(error).to.be.instanceOf(FrameError)
    expect((error as FrameError).reason).to.equal('iframe_load_failed')
    expect((error as FrameError).shortMessage).to.equal(
      'Network Error - Could not load embedded wallet',
    )
    // Coded: a UI translates it by its code.
    expect([(error as FrameError).code, (error as FrameError).codeText]).to.deep.equal([
      'FRAME_LOAD_FAILED',
      true,
    ])
    expect(((await request.catch((e) => e)) as FrameError).reason).to.equal('iframe_load_failed')
    const alert = $alert.get()
    expect(alert?.code).to.equal('EMBEDDED_WALLET_LOAD_FAILED')
    expect(alert && alertTexts(alert).title).to.equal(
      'Network Error - Could not load embedded wallet',
    )
  })

  it('reports unverified_domain when the frame refuses this origin', async () => {
    const reported: { alert: string }[] = []
    const frame = open('p-unverified', { onAlert: (error) => reported.push(error) })
    const error = (await frame.ready.catch((e: unknown) => e)) as FrameError
    expect(error.reason).to.equal('unverified_domain')
    expect(reported.map((e) => e.alert)).to.deep.equal(['INVALID_APP_CONFIGURATION'])
  })

  it('reports iframe_request_timeout when a login step outlives its timeout', async () => {
    const reported: { alert: string }[] = []
    const frame = open('p-ok', {
      timeouts: { login: 400 },
      onAlert: (error) => reported.push(error),
    })
    const error = (await frame
      .request('CONNECT_EMAIL', { email: 'slow@example.com' })
      .catch((e) => e)) as FrameError
    expect(error.reason).to.equal('iframe_request_timeout')
    expect(error.shortMessage).to.equal('Embedded Wallet Request Timed Out')
    expect(reported.map((e) => e.alert)).to.deep.equal(['EMBEDDED_WALLET_TIMEOUT'])
  })

  it('refuses an invalid e-mail before it reaches the frame', async () => {
    const frame = frames.at(-1) as SecureFrame
    const error = (await frame.request('CONNECT_EMAIL', { email: 'nope' }).catch((e) => e)) as Error
    expect(error.message).to.equal('Invalid email')
    expect((error as { code?: string }).code).to.equal('EMAIL_INVALID')
  })

  it("shows the server's refusal of a code in the frame, in the kit's words; the right code then logs in", async () => {
    const frame = open('p-ok')
    const email = `wrong-${crypto.randomUUID().slice(0, 8)}@example.com`
    await frame.request('CONNECT_EMAIL', { email })
    const { otp } = await mailboxCode(email)
    const wrong = otp === '000000' ? '111111' : '000000'
    const statuses: string[] = []
    frame.onLoginStatus((status) => statuses.push(status))
    const entered = frame.request('CONNECT_OTP', {})
    await executeServerCommand('frame-fill', { label: 'Code', value: wrong })
    let shown = ''
    for (let i = 0; i < 100 && !shown.includes('not valid'); i++) {
      shown = (await executeServerCommand('frame-text', {})) as string
    }
    expect(shown).to.include('This code is not valid.')
    expect(await stateAfter(entered, 200)).to.equal('pending')
    await executeServerCommand('frame-fill', { label: 'Code', value: otp })
    expect(await entered).to.deep.equal({})
    expect(statuses.filter((status) => status === 'verifying')).to.have.length(2)
    expect(statuses.at(-1)).to.equal('ready')
    frame.destroy()
  })

  it('updates the e-mail: a code to the current address, then one to the new address', async () => {
    const frame = open('p-ok')
    const id = crypto.randomUUID().slice(0, 8)
    const [current, next] = [`old-${id}@example.com`, `new-${id}@example.com`]
    await frame.request('CONNECT_EMAIL', { email: current })
    await typeCode(frame, (await mailboxCode(current)).otp)
    const { address: before } = await frame.request('GET_USER', {})

    const wrongFor = (otp: string) => (otp === '000000' ? '111111' : '000000')
    const refused = async (
      type: 'UPDATE_EMAIL_PRIMARY_OTP' | 'UPDATE_EMAIL_SECONDARY_OTP',
      payload: { otp?: string } = {},
    ) => ((await frame.request(type, payload as never).catch((e) => e)) as Error).message
    // No update started: the frame says so before asking the server.
    expect(await refused('UPDATE_EMAIL_PRIMARY_OTP')).to.equal('Start the e-mail update first')
    // A code sent by the page is refused, never checked: the visitor types it in the frame
    // (the host side refuses the payload first; the frame refuses it again).
    expect(await refused('UPDATE_EMAIL_PRIMARY_OTP', { otp: '123456' })).to.match(/"otp"/)

    expect(await frame.request('UPDATE_EMAIL', { email: next })).to.deep.equal({
      action: 'VERIFY_PRIMARY_OTP',
    })
    // The first code goes to the current address; the frame's entry names that step, and a
    // wrong code is refused there while the entry stays open.
    const primary = (await mailboxCode(current)).otp
    expect(await mailboxCode(next)).to.equal(null)
    const statuses: string[] = []
    frame.onLoginStatus((status) => statuses.push(status))
    const first = frame.request('UPDATE_EMAIL_PRIMARY_OTP', {})
    await executeServerCommand('frame-fill', { label: 'Code', value: wrongFor(primary) })
    let shown = ''
    for (let i = 0; i < 100 && !shown.includes('not valid'); i++) {
      shown = (await executeServerCommand('frame-text', {})) as string
    }
    expect(shown).to.include('Confirm your current e-mail')
    expect(shown).to.include('This code is not valid.')
    expect(await stateAfter(first, 200)).to.equal('pending')
    await executeServerCommand('frame-fill', { label: 'Code', value: primary })
    expect(await first).to.deep.equal({ action: 'VERIFY_SECONDARY_OTP' })
    // The second goes to the new address; its entry offers no resend.
    const secondary = (await mailboxCode(next)).otp
    const second = frame.request('UPDATE_EMAIL_SECONDARY_OTP', {})
    for (let i = 0; i < 100 && !shown.includes('Confirm your new e-mail'); i++) {
      shown = (await executeServerCommand('frame-text', {})) as string
    }
    expect(shown).to.include(next)
    expect(shown).to.not.include('Resend code')
    await executeServerCommand('frame-fill', { label: 'Code', value: secondary })
    expect(await second).to.deep.equal({ newEmail: next })
    // The page heard only where each step stood, never a code.
    expect(statuses).to.include('verifying')
    expect(statuses.at(-1)).to.equal('ready')
    expect(await frame.request('GET_USER', {})).to.include({ email: next, address: before })
    // The server keeps it: a reloaded frame restores the session with the new address.
    const reloaded = open('p-ok')
    expect(await reloaded.request('GET_USER', {})).to.include({ email: next, address: before })
    // And the finished update leaves nothing to confirm.
    expect(await refused('UPDATE_EMAIL_SECONDARY_OTP')).to.equal('Start the e-mail update first')
    await reloaded.request('SIGN_OUT', {})
    frame.destroy()
    reloaded.destroy()
  })
})
