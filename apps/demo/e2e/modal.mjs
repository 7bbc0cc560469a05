// Waits for what the modal and <w3m-button> show, read through Playwright locators: they pierce
// open shadow roots, so no test walks each element's shadowRoot with querySelector.

/** Whitespace collapsed and trimmed: the text as the visitor reads it. */
const readable = (text) => text.replace(/\s+/g, ' ').trim()

/**
 * Calls `read()` every 50 ms until `accept` takes what it answers, and answers that. After
 * `timeout` ms the error names `what` and the last answer.
 *
 * @example
 * await waitUntil(() => input.inputValue(), Boolean, { timeout, what: 'the amount' })
 */
export async function waitUntil(read, accept, { timeout, what }) {
  const deadline = Date.now() + timeout
  for (;;) {
    const value = await read()
    if (accept(value)) return value
    if (Date.now() > deadline) {
      throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeout} ms`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * Waits until the first element of `locator` shows `expected`: its text, whitespace collapsed
 * and trimmed, equals a string or matches a RegExp. It need not exist yet.
 *
 * @example
 * await waitForText(page.locator('w3m-modal dialog w3m-account-view [data-balance]'), /ETH/, {
 *   timeout: 30_000,
 * })
 */
export function waitForText(locator, expected, { timeout }) {
  const shows = (text) =>
    text !== undefined && (typeof expected === 'string' ? text === expected : expected.test(text))
  return waitUntil(
    async () => {
      const [text] = await locator.allTextContents()
      return text === undefined ? undefined : readable(text)
    },
    shows,
    { timeout, what: `${locator} showing ${expected}` },
  )
}

/**
 * The text <w3m-button> shows: the account's address and balance (`0x12…cdef · 1.234 ETH`, each
 * part only when shown), or else the connect button's label.
 */
async function buttonText(page) {
  const account = page.locator('w3m-button w3m-account-button')
  if ((await account.count()) > 0) {
    const [address] = await account.locator('[data-address]').allTextContents()
    const [balance] = await account.locator('[data-balance]').allTextContents()
    return [address?.trim(), balance?.trim()].filter(Boolean).join(' · ')
  }
  const [label] = await page.locator('w3m-button w3m-connect-button button').allTextContents()
  return label?.trim()
}

/** Waits until <w3m-button> shows `expected` (see `buttonText`). */
export function waitForButton(page, expected, { timeout }) {
  return waitUntil(
    () => buttonText(page),
    (shown) => shown === expected,
    { timeout, what: `<w3m-button> showing "${expected}"` },
  )
}
