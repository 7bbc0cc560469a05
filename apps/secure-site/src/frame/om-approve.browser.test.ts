import { expect, fixture, html } from '@open-wc/testing'
import { askApproval, type OmApprove } from './om-approve.js'

describe('om-approve', () => {
  it('shows the verified origin, the method and the message as text', async () => {
    const element = await fixture<OmApprove>(
      html`<om-approve origin="https://dapp.example" method="personal_sign" summary="<img src=x onerror=alert(1)>"></om-approve>`,
    )
    const root = element.shadowRoot as ShadowRoot
    expect(root.querySelector('.origin')?.textContent).to.equal('https://dapp.example')
    expect(root.querySelector('pre')?.textContent).to.equal('<img src=x onerror=alert(1)>')
    expect(root.querySelector('img')).to.equal(null)
    await expect(element).to.be.accessible()
  })

  it('starts on Reject, rejects on Escape and approves only by the Approve button', async () => {
    const escaped = askApproval({
      origin: 'https://dapp.example',
      method: 'personal_sign',
      summary: 'hi',
    })
    const first = document.querySelector('om-approve') as OmApprove
    await first.updateComplete
    expect(first.shadowRoot?.activeElement?.textContent).to.equal('Reject')
    first.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }),
    )
    expect(await escaped).to.equal(false)
    expect(document.querySelector('om-approve')).to.equal(null)

    const approved = askApproval({
      origin: 'https://dapp.example',
      method: 'personal_sign',
      summary: 'hi',
    })
    const second = document.querySelector('om-approve') as OmApprove
    await second.updateComplete
    second.shadowRoot?.querySelector<HTMLButtonElement>('button.approve')?.click()
    expect(await approved).to.equal(true)
  })
})
