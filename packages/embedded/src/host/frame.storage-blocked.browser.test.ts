// The stock Chromium of this machine denies IndexedDB to the cross-site frame: the frame must
// still log in and sign, keeping keys in memory; after a reload it is a new device, and the
// same login rebuilds the same wallet from the auth and recovery shares.
import { expect } from '@open-wc/testing'
import { executeServerCommand } from '@web/test-runner-commands'
import { verifyMessage } from 'viem'
import { createSecureFrame, type SecureFrame } from './frame.js'
import { createEmbeddedProvider } from './provider.js'

const { origin: secureOrigin } = (await (await fetch('/__openmodal/secure-site.json')).json()) as {
  origin: string
}
const EMAIL = `blocked-${crypto.randomUUID().slice(0, 8)}@example.com`

async function login(
  frame: SecureFrame,
  email = EMAIL,
  duringOtp: () => Promise<void> = async () => {},
): Promise<`0x${string}`> {
  await frame.request('CONNECT_EMAIL', { email })
  const response = await fetch(`${secureOrigin}/__test/mailbox?email=${encodeURIComponent(email)}`)
  const { otp } = (await response.json()) as { otp: string }
  const verified = frame.request('CONNECT_OTP', {})
  await executeServerCommand('frame-fill', { label: 'Code', value: otp })
  await duringOtp()
  await verified
  return (await frame.request('GET_USER', {})).address as `0x${string}`
}

const fill = (label: string, value: string) => executeServerCommand('frame-fill', { label, value })
const click = (name: string) => executeServerCommand('frame-click', { name })
/** Waits (up to 2 min) until the frame's dialog shows `text`: Argon2id takes ~10 s a try. */
async function frameShows(text: string) {
  for (let i = 0; i < 120; i++) {
    const shown = (await executeServerCommand('frame-text', {}).catch(() => '')) as string
    if (shown?.includes(text)) return
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error(`the frame never showed "${text}"`)
}
const wrongThenRight = async () => {
  await fill('Passphrase', 'not my passphrase')
  await click('Continue')
  await frameShows('Wrong passphrase')
  await fill('Passphrase', 'correct horse battery')
  await click('Continue')
}

describe('secure frame without third-party storage', () => {
  it('signs with keys in memory, and a new device rebuilds the same wallet', async () => {
    const open = () =>
      createSecureFrame({ secureOrigin, projectId: 'p-ok', chainId: 1, version: '0.1.0' })
    const first = open()
    const storage: boolean[] = []
    first.onStorage((persistent) => storage.push(persistent))
    const address = await login(first)
    // What the host shows as "this device will be new on every visit".
    expect(first.persistentStorage).to.equal(false)
    expect(storage).to.deep.equal([false])
    const provider = createEmbeddedProvider(first)
    const signing = provider.request({ method: 'personal_sign', params: ['in memory', address] })
    await executeServerCommand('frame-click', { name: 'Approve' })
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address, message: 'in memory', signature })).to.equal(true)
    // The approval click was the gesture: the frame asked for storage access (headless
    // Chromium denies it) and said so again; keys stay in memory.
    expect(storage).to.deep.equal([false, false])
    expect(first.persistentStorage).to.equal(false)
    first.destroy()

    const second = open()
    expect(await second.request('IS_CONNECTED', {})).to.deep.equal({ isConnected: false })
    expect(await login(second)).to.equal(address)
    second.destroy()
  })

  it('with a passphrase asks for it at creation and on a new device', async function () {
    // Argon2id 64 MiB x 3 runs four times here (create, wrong, right, re-wrap): ~10 s each.
    this.timeout(240_000)
    const email = `pass-${crypto.randomUUID().slice(0, 8)}@example.com`
    const open = () =>
      createSecureFrame({
        secureOrigin,
        projectId: 'p-self',
        chainId: 1,
        version: '0.1.0',
        recovery: 'passphrase',
      })
    const first = open()
    expect(new URL(first.iframe.src).searchParams.get('recovery')).to.equal('passphrase')
    const address = await login(first, email, async () => {
      await fill('Passphrase', 'correct horse battery')
      await fill('Repeat it', 'correct horse battery')
      await click('Continue')
    })
    first.destroy()

    const second = open()
    const shown: boolean[] = []
    second.onVisibility((visible) => shown.push(visible))
    expect(await login(second, email, wrongThenRight)).to.equal(address)
    // Shown for the code entry, then for the passphrase.
    expect(shown).to.deep.equal([true, false, true, false])
    second.destroy()
  })

  it("refuses the page's old 'automatic' option: custody is the project's setting", () => {
    expect(() =>
      createSecureFrame({
        secureOrigin,
        projectId: 'p-self',
        chainId: 1,
        version: '0.1.0',
        recovery: 'automatic' as never,
      }),
    ).to.throw(/project's setting on the server/)
  })
})
