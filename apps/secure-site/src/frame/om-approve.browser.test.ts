import { expect, fixture, html } from '@open-wc/testing'
import { base64 } from '@scure/base'
import { sendKeys, sendMouse } from '@web/test-runner-commands'
import { encodeFunctionData, erc20Abi, maxUint256, stringToHex } from 'viem'
import type { ApprovalView } from './approval-view.js'
import {
  describePersonalSign,
  describeTransaction,
  describeTypedData,
  parseTypedData,
} from './describe-evm.js'
import {
  ARM_DELAY_MS,
  askApproval,
  HOLD_MS,
  type OmApprove,
  POINTER_SETTLE_MS,
} from './om-approve.js'
import { describeTransactions } from './solana.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const TO = '0x000000000000000000000000000000000000bEEF'
const TOKEN = '0x00000000000000000000000000000000000c0FFE'

const approveButton = (element: OmApprove) =>
  element.shadowRoot?.querySelector<HTMLButtonElement>('button.approve') as HTMLButtonElement

const middle = (button: HTMLElement): [number, number] => {
  const box = button.getBoundingClientRect()
  return [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)]
}

/**
 * Real mouse input at the middle of a button (a script's click() is not trusted), after the
 * pointer has rested there as a visitor's does.
 */
async function press(button: HTMLElement, type: 'click' | 'down' = 'click') {
  const position = middle(button)
  await sendMouse({ type: 'move', position })
  await sleep(POINTER_SETTLE_MS + 200)
  await sendMouse(type === 'click' ? { type: 'click', position } : { type: 'down' })
}

function stateAfter(promise: Promise<unknown>, ms: number): Promise<string> {
  return Promise.race([
    promise.then(String),
    new Promise<string>((resolve) => setTimeout(() => resolve('pending'), ms)),
  ])
}

/** A legacy Solana transaction moving 1.5 SOL between two fixed accounts. */
function solanaTransfer(): string {
  const data = new Uint8Array(12)
  new DataView(data.buffer).setUint32(0, 2, true)
  new DataView(data.buffer).setBigUint64(4, 1_500_000_000n, true)
  return base64.encode(
    Uint8Array.from([
      1,
      ...new Uint8Array(64),
      1,
      0,
      1,
      3,
      ...new Uint8Array(32).fill(1),
      ...new Uint8Array(32).fill(2),
      ...new Uint8Array(32),
      ...new Uint8Array(32).fill(9),
      1,
      2,
      2,
      0,
      1,
      12,
      ...data,
    ]),
  )
}

/** Every kind of approval view, decoded by the frame's real describers. */
async function views(): Promise<Record<string, ApprovalView>> {
  const approve = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'approve',
    args: [TO, maxUint256],
  })
  return {
    transaction: await describeTransaction(
      {
        to: TO,
        value: '0x2386f26fc10000',
        data: `0xdeadbeef${'ab'.repeat(10_000)}`,
        gas: '0x5208',
      },
      { chainId: 1 },
    ),
    'unlimited approval': await describeTransaction({ to: TOKEN, data: approve }, { chainId: 1 }),
    'typed data': describeTypedData(
      parseTypedData(
        JSON.stringify({
          domain: { name: 'OpenModal', chainId: 1 },
          types: { Mail: [{ name: 'to', type: 'Person' }] },
          primaryType: 'Mail',
          message: { to: { name: 'Bob', wallets: [TO, TOKEN] }, contents: 'Hello' },
        }),
      ),
      1,
    ),
    'text message': describePersonalSign(stringToHex('Sign in to dapp.example')),
    'bytes message': describePersonalSign('0xff00aa'),
    'Solana transfer': describeTransactions([solanaTransfer()]),
  }
}

describe('om-approve', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('dir')
    for (const element of document.querySelectorAll('om-approve')) element.remove()
  })

  it('shows the verified origin, the method and the message as text', async () => {
    const element = await fixture<OmApprove>(
      html`<om-approve origin="https://dapp.example" method="personal_sign" .view=${{
        title: 'Sign a message',
        items: [{ kind: 'text', label: 'Message', value: '<img src=x onerror=alert(1)>' }],
      }}></om-approve>`,
    )
    const root = element.shadowRoot as ShadowRoot
    expect(root.querySelector('.origin')?.textContent).to.equal('https://dapp.example')
    expect(root.querySelector('pre')?.textContent).to.equal('<img src=x onerror=alert(1)>')
    expect(root.querySelector('img')).to.equal(null)
    await expect(element).to.be.accessible()
  })

  it('keeps Approve disabled until visible for the arming delay; a script click never approves', async () => {
    const decision = askApproval({
      origin: 'https://dapp.example',
      method: 'personal_sign',
      view: describePersonalSign('0x6869'),
    })
    const element = document.querySelector('om-approve') as OmApprove
    await element.updateComplete
    const button = approveButton(element)
    expect(element.shadowRoot?.activeElement?.textContent).to.equal('Reject') // focus moved in
    expect(button.disabled).to.equal(true) // not live at first paint
    await sleep(ARM_DELAY_MS / 2)
    expect(button.disabled).to.equal(true)
    await sleep(ARM_DELAY_MS / 2 + 300)
    expect(button.disabled).to.equal(false)
    button.click() // untrusted: a script in the frame's page cannot approve
    expect(await stateAfter(decision, 100)).to.equal('pending')

    // Made transparent: disarmed; visible again: the delay starts over.
    element.style.opacity = '0.5'
    await sleep(300)
    expect(button.disabled).to.equal(true)
    element.style.opacity = ''
    await sleep(400)
    expect(button.disabled).to.equal(true)
    await sleep(ARM_DELAY_MS)
    await press(button)
    expect(await decision).to.equal(true)
  })

  it('refuses a click that brings the pointer into the approval, re-arms, then takes a rested one', async () => {
    const decision = askApproval({
      origin: 'https://dapp.example',
      method: 'personal_sign',
      view: describePersonalSign('0x6869'),
    })
    const element = document.querySelector('om-approve') as OmApprove
    await element.updateComplete
    await sleep(ARM_DELAY_MS + 300)
    const button = approveButton(element)
    expect(button.disabled).to.equal(false)
    // The press is the first the approval hears of this pointer: it may have been slid under it.
    await sendMouse({ type: 'click', position: middle(button) })
    expect(await stateAfter(decision, 100)).to.equal('pending')
    await element.updateComplete
    expect(button.disabled).to.equal(true)
    await sleep(ARM_DELAY_MS + 300)
    await sendMouse({ type: 'click', position: middle(button) })
    expect(await decision).to.equal(true)
  })

  it('rejects on Escape, and re-arms when covered', async () => {
    const decision = askApproval({
      origin: 'https://dapp.example',
      method: 'personal_sign',
      view: describePersonalSign('0x6869'),
    })
    const element = document.querySelector('om-approve') as OmApprove
    await element.updateComplete
    await sleep(ARM_DELAY_MS + 300)
    expect(approveButton(element).disabled).to.equal(false)
    const cover = document.createElement('div')
    cover.style.cssText = 'position:fixed;inset:0;z-index:1;pointer-events:none;background:#fff'
    document.body.append(cover)
    await sleep(300)
    expect(approveButton(element).disabled).to.equal(true)
    cover.remove()
    await sendKeys({ press: 'Escape' })
    expect(await decision).to.equal(false)
    expect(document.querySelector('om-approve')).to.equal(null)
  })

  it('without IntersectionObserver v2, approves only after a hold of the Approve button', async () => {
    const decision = askApproval({
      origin: 'https://dapp.example',
      method: 'personal_sign',
      view: describePersonalSign('0x6869'),
    })
    const element = document.querySelector('om-approve') as OmApprove
    element.holdToApprove = true
    await element.updateComplete
    await sleep(ARM_DELAY_MS + 300)
    const button = approveButton(element)
    expect(button.textContent?.trim()).to.equal('Hold to approve')
    await press(button) // a click is not a hold
    expect(await stateAfter(decision, 200)).to.equal('pending')
    await press(button, 'down')
    await sleep(HOLD_MS / 3)
    await sendMouse({ type: 'up' }) // let go too early
    expect(await stateAfter(decision, HOLD_MS)).to.equal('pending')
    await press(button, 'down')
    expect(await stateAfter(decision, HOLD_MS + 300)).to.equal('true')
    await sendMouse({ type: 'up' })
  })

  for (const theme of ['light', 'dark'] as const) {
    for (const dir of ['ltr', 'rtl'] as const) {
      it(`is accessible in every view, ${theme}, ${dir}`, async () => {
        document.documentElement.dir = dir
        for (const [name, view] of Object.entries(await views())) {
          const element = await fixture<OmApprove>(
            html`<om-approve origin="https://dapp.example" method=${name} theme=${theme} .view=${view}></om-approve>`,
          )
          await expect(element, `${name} (disabled)`).to.be.accessible()
          await sleep(ARM_DELAY_MS + 250)
          expect(approveButton(element).disabled, name).to.equal(false)
          await expect(element, `${name} (armed)`).to.be.accessible()
          element.remove()
        }
      })
    }
  }
})
