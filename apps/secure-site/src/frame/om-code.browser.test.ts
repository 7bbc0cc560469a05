import { expect } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { ApiError } from './api.js'
import { CodeCancelledError, type CodeFlow, enterCode, type OmCode } from './om-code.js'

const shown = () => document.querySelector('om-code') as OmCode
const text = (selector: string) =>
  shown().shadowRoot?.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? ''
const field = () => shown().shadowRoot?.querySelector('input') as HTMLInputElement

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** A code flow whose server answers are scripted. */
function flow(overrides: Partial<CodeFlow> = {}) {
  const statuses: string[] = []
  const tried: string[] = []
  const run: CodeFlow = {
    email: 'ada@example.com',
    mailStatus: async () => 'sent',
    verify: async (otp) => {
      tried.push(otp)
      if (otp !== '123456') throw new ApiError(400, 'INVALID_OTP', 'Wrong code; 4 tries left')
    },
    resend: async () => {},
    onStatus: (status) => statuses.push(status),
    ...overrides,
  }
  return { run, statuses, tried }
}

/** A paste: the browser puts the clipboard's text in the field and fires `input`. */
function paste(value: string) {
  field().value = value
  field().dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }))
}

describe('om-code', () => {
  afterEach(() => {
    for (const element of document.querySelectorAll('om-code')) element.remove()
    document.documentElement.dir = ''
  })

  for (const [theme, dir] of [
    ['light', 'ltr'],
    ['dark', 'ltr'],
    ['light', 'rtl'],
  ] as const) {
    it(`asks for the code, accessible with its status and a refusal (${theme}, ${dir})`, async () => {
      document.documentElement.dir = dir
      const { run } = flow()
      void enterCode(run).catch(() => undefined)
      const element = shown()
      element.theme = theme
      await element.updateComplete
      expect(text('h1')).to.equal('Enter your code')
      expect(field().getAttribute('autocomplete')).to.equal('one-time-code')
      expect(field().getAttribute('inputmode')).to.equal('numeric')
      expect(element.shadowRoot?.activeElement).to.equal(field())
      await until(() => text('[role="status"]') === 'The code was sent.', 'the mail status')
      await expect(element).to.be.accessible()
      paste('000000')
      await until(() => text('[role="alert"]') !== '', 'the refusal')
      expect(text('[role="alert"]')).to.equal('This code is not valid (4 tries left).')
      expect(field().getAttribute('aria-invalid')).to.equal('true')
      await expect(element).to.be.accessible()
    })
  }

  it('types with the keyboard: six digits check at once, a wrong one can be typed again', async () => {
    const { run, statuses, tried } = flow()
    const entered = enterCode(run)
    await shown().updateComplete
    await sendKeys({ type: '111111' })
    await until(() => text('[role="alert"]') !== '', 'the refusal')
    expect(field().value).to.equal('')
    expect(shown().shadowRoot?.activeElement).to.equal(field())
    await sendKeys({ type: '123456' })
    await entered
    expect(tried).to.deep.equal(['111111', '123456'])
    expect(statuses).to.include.members(['waiting', 'verifying'])
    expect(statuses).to.not.include('123456')
    expect(document.querySelector('om-code')).to.equal(null)
  })

  it('takes a pasted code with a space or a dash', async () => {
    const { run, tried } = flow()
    const entered = enterCode(run)
    await shown().updateComplete
    paste('123 456')
    await entered
    const again = flow()
    const second = enterCode(again.run)
    await shown().updateComplete
    paste('123-456')
    await second
    expect([...tried, ...again.tried]).to.deep.equal(['123456', '123456'])
  })

  it('shows a failed mail at once, in words, with Resend enabled', async () => {
    let resends = 0
    const { run, statuses } = flow({
      mailStatus: async () => {
        throw new ApiError(502, 'MAIL_FAILED', 'The e-mail could not be sent; try again')
      },
      resend: async () => {
        resends++
      },
    })
    void enterCode(run).catch(() => undefined)
    const started = performance.now()
    await until(() => statuses.includes('mail_failed'), 'the mail failure')
    expect(performance.now() - started).to.be.below(1000)
    await shown().updateComplete
    expect(text('[role="alert"]')).to.equal('The e-mail could not be sent; try again.')
    const resend = [...(shown().shadowRoot?.querySelectorAll('button') ?? [])].find(
      (button) => button.textContent?.trim() === 'Resend code',
    )
    expect(resend?.disabled).to.equal(false)
    await expect(shown()).to.be.accessible()
    // Resend asks once, however fast the second click comes; the mail failing again enables
    // it again at once.
    resend?.click()
    resend?.click()
    await until(
      () => statuses.filter((status) => status === 'mail_failed').length === 2,
      'the next try',
    )
    expect(resends).to.equal(1)
    expect(resend?.textContent?.trim()).to.equal('Resend code')
  })

  it('Escape closes it: the login stops, nothing is checked', async () => {
    const { run, tried } = flow()
    let error: unknown
    const entered = enterCode(run).catch((caught) => {
      error = caught
    })
    await shown().updateComplete
    await sendKeys({ press: 'Escape' })
    await entered
    expect(error).to.be.instanceOf(CodeCancelledError)
    expect(tried).to.deep.equal([])
    expect(document.querySelector('om-code')).to.equal(null)
  })
})
