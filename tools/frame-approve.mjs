// Approving in the secure frame as a visitor does: the pointer comes to rest on Approve, then
// presses. The frame refuses a press from a mouse that has not rested over it, at its current
// place, for POINTER_SETTLE_MS (500 ms, apps/secure-site/src/frame/om-approve.ts): a click that
// brings the pointer's first event into the frame is what a frame slid under the pointer looks
// like. A plain Playwright click (move and press in the same instant) is exactly that.

/** Longer than the frame's 500 ms settle, so the press counts however loaded the machine is. */
export const REST_MS = 700

/**
 * Hovers the button, rests, then clicks it (Playwright's click waits for it to be enabled).
 *
 * @param {{ hover(options?: { timeout?: number }): Promise<unknown>, click(options?: { timeout?: number }): Promise<unknown> }} button
 * @param {{ timeout?: number }} [options]
 */
export async function clickAfterRest(button, { timeout = 10_000 } = {}) {
  await button.hover({ timeout })
  await new Promise((resolve) => setTimeout(resolve, REST_MS))
  await button.click({ timeout })
}
