// Clickjacking the approval from a hostile host page: the page owns the iframe element and
// restyles it the moment the approval shows (opacity 0 over a decoy, a decoy laid over it,
// moved off-screen or shrunk to 1x1 px and put back under the cursor right before the click),
// then clicks where Approve is with real mouse input at 50, 300 and 900 ms. None of those
// clicks may sign; a visible approval clicked after the arming delay signs.
import { expect } from '@open-wc/testing'
import { executeServerCommand, sendMouse } from '@web/test-runner-commands'
import { verifyMessage } from 'viem'
import { typeCode } from '../test/login.js'
import { createSecureFrame, type SecureFrame } from './frame.js'
import { createEmbeddedProvider } from './provider.js'
import { FRAME_Z_INDEX } from './secure-frame.js'

const { origin: secureOrigin } = (await (await fetch('/__openmodal/secure-site.json')).json()) as {
  origin: string
}

const EMAIL = `jack-${crypto.randomUUID().slice(0, 8)}@example.com`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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

interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** One way a hostile page hides the approval: applied on SHOW, `reveal` right before the click. */
interface Attack {
  name: string
  hide(iframe: HTMLIFrameElement, target: { x: number; y: number }): void
  reveal?(iframe: HTMLIFrameElement): void
  restore(iframe: HTMLIFrameElement): void
}

function decoy(target: { x: number; y: number }, over: boolean): HTMLElement {
  const element = document.createElement('button')
  element.id = 'decoy'
  element.textContent = 'Claim your prize'
  element.style.cssText = `position:fixed;left:${target.x - 80}px;top:${target.y - 20}px;width:160px;height:40px;z-index:${over ? FRAME_Z_INDEX + 1 : 1};${over ? 'pointer-events:none;' : ''}`
  document.body.append(element)
  return element
}

const ATTACKS: Attack[] = [
  {
    name: 'frame at opacity 0 over a decoy button',
    hide(iframe, target) {
      iframe.style.opacity = '0'
      decoy(target, false)
    },
    restore(iframe) {
      iframe.style.opacity = ''
      document.getElementById('decoy')?.remove()
    },
  },
  {
    name: 'frame covered by a decoy that lets clicks through',
    hide(_iframe, target) {
      const cover = document.createElement('div')
      cover.id = 'cover'
      cover.style.cssText = `position:fixed;inset:0;background:#fff;pointer-events:none;z-index:${FRAME_Z_INDEX + 1}`
      document.body.append(cover)
      decoy(target, true)
    },
    restore() {
      document.getElementById('cover')?.remove()
      document.getElementById('decoy')?.remove()
    },
  },
  {
    name: 'frame off-screen, moved back under the cursor right before the click',
    hide(iframe) {
      iframe.style.left = '-200vw'
    },
    reveal(iframe) {
      iframe.style.left = '0px'
    },
    restore(iframe) {
      iframe.style.left = '0px'
    },
  },
  {
    name: 'frame shrunk to 1x1 px, grown back right before the click',
    hide(iframe) {
      iframe.style.width = '1px'
      iframe.style.height = '1px'
    },
    reveal(iframe) {
      iframe.style.width = '100%'
      iframe.style.height = '100%'
    },
    restore(iframe) {
      iframe.style.width = '100%'
      iframe.style.height = '100%'
    },
  },
]

describe('approval in a frame restyled by a hostile page', () => {
  let frame: SecureFrame
  let address: `0x${string}`
  /** Where Approve is, in page coordinates, when the frame is shown as the kit shows it. */
  let approve: { x: number; y: number }

  before(async () => {
    frame = createSecureFrame({ secureOrigin, projectId: 'p-ok', chainId: 31337, version: '0.1.0' })
    await frame.request('CONNECT_EMAIL', { email: EMAIL })
    const mail = (await (
      await fetch(`${secureOrigin}/__test/mailbox?email=${encodeURIComponent(EMAIL)}`)
    ).json()) as { otp: string }
    await typeCode(frame, mail.otp)
    address = (await frame.request('GET_USER', {})).address as `0x${string}`
  })

  after(() => frame.destroy())

  it('signs when the visible approval is clicked after the arming delay', async () => {
    const provider = createEmbeddedProvider(frame)
    const message = 'A visible approval'
    const signing = provider.request({ method: 'personal_sign', params: [message, address] })
    const box = (await executeServerCommand('frame-box', { name: 'Approve' })) as Box
    approve = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) }
    // The visitor's pointer comes to rest on Approve while it arms, then clicks.
    await sendMouse({ type: 'move', position: [approve.x, approve.y] })
    await sleep(1200)
    await sendMouse({ type: 'click', position: [approve.x, approve.y] })
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).to.equal(true)
  })

  for (const attack of ATTACKS) {
    for (const delay of [50, 300, 900]) {
      it(`signs nothing for a click at ${delay} ms: ${attack.name}`, async () => {
        const provider = createEmbeddedProvider(frame)
        let shownAt = 0
        const stop = frame.onVisibility((visible) => {
          if (!visible) return
          shownAt = performance.now()
          attack.hide(frame.iframe, approve)
        })
        const signing = provider.request({
          method: 'personal_sign',
          params: [`Clickjacked at ${delay} ms`, address],
        })
        while (!shownAt) await sleep(5)
        stop()
        // The pointer rests where Approve is from the moment it shows (over a frame made
        // transparent or covered, the frame hears it), so only the visibility check refuses.
        await sendMouse({ type: 'move', position: [approve.x, approve.y] })
        if (attack.reveal) {
          await sleep(Math.max(0, shownAt + delay - 20 - performance.now()))
          attack.reveal(frame.iframe)
        }
        await sleep(Math.max(0, shownAt + delay - performance.now()))
        await sendMouse({ type: 'click', position: [approve.x, approve.y] })
        const clickedAt = Math.round(performance.now() - shownAt)
        expect(await stateAfter(signing, 500), `clicked at ${clickedAt} ms`).to.equal('pending')
        attack.restore(frame.iframe)
        await executeServerCommand('frame-click', { name: 'Reject' })
        expect(((await signing.catch((error) => error)) as { code?: number }).code).to.equal(4001)
      })
    }
  }

  it('signs nothing when the page moves the armed approval under the resting pointer', async () => {
    const provider = createEmbeddedProvider(frame)
    const { style } = frame.iframe
    style.width = '560px'
    style.height = '500px'
    const signing = provider.request({ method: 'personal_sign', params: ['Moved', address] })
    const box = (await executeServerCommand('frame-box', { name: 'Approve' })) as Box
    const center = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) }
    // The visitor's pointer rests in the frame, beside the panel, while the approval arms.
    const rest = { x: center.x + 80, y: center.y }
    await sendMouse({ type: 'move', position: [rest.x, rest.y] })
    await sleep(1200)
    // Still whole and unobscured, but Approve is now under the pointer.
    style.left = '80px'
    await sleep(50)
    const moved = (await executeServerCommand('frame-box', { name: 'Approve' })) as Box
    expect(Math.abs(moved.x + moved.width / 2 - rest.x)).to.be.below(2)
    await sendMouse({ type: 'click', position: [rest.x, rest.y] })
    expect(await stateAfter(signing, 500)).to.equal('pending')
    Object.assign(style, { left: '0px', width: '100%', height: '100%' })
    await executeServerCommand('frame-click', { name: 'Reject' })
    expect(((await signing.catch((error) => error)) as { code?: number }).code).to.equal(4001)
  })

  it('signs nothing when the page slides the armed approval under a pointer resting outside it', async () => {
    const provider = createEmbeddedProvider(frame)
    const { style } = frame.iframe
    Object.assign(style, { width: '560px', height: '500px' })
    const message = 'Slid under the pointer'
    const signing = provider.request({ method: 'personal_sign', params: [message, address] })
    const box = (await executeServerCommand('frame-box', { name: 'Approve' })) as Box
    const center = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) }
    // The pointer rests on the page, right of the frame: the frame never hears of it.
    const rest = { x: Math.round(frame.iframe.getBoundingClientRect().right + 40), y: center.y }
    await sendMouse({ type: 'move', position: [rest.x, rest.y] })
    await sleep(1200)
    // Approve is armed; the page slides it, whole and unobscured, under the pointer.
    style.left = `${rest.x - center.x}px`
    await sleep(50)
    const moved = (await executeServerCommand('frame-box', { name: 'Approve' })) as Box
    expect(Math.abs(moved.x + moved.width / 2 - rest.x)).to.be.below(2)
    expect(frame.iframe.getBoundingClientRect().right).to.be.at.most(window.innerWidth)
    await sendMouse({ type: 'click', position: [rest.x, rest.y] })
    expect(await stateAfter(signing, 500)).to.equal('pending')
    // Resting there, the visitor's next click signs once Approve has armed again.
    await sleep(1200)
    await sendMouse({ type: 'click', position: [rest.x, rest.y] })
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).to.equal(true)
    Object.assign(style, { left: '0px', width: '100%', height: '100%' })
  })
})
