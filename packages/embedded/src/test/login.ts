// Logs a test frame in the way a visitor does: the host asks for the code entry (CONNECT_OTP
// carries no code), and the code is typed into the frame's own field through Playwright.
import { executeServerCommand } from '@web/test-runner-commands'
import type { SecureFrame } from '../host/frame.js'

/** Shows the frame's code entry, types `otp` into it, and waits until the wallet is ready. */
export async function typeCode(frame: Pick<SecureFrame, 'request'>, otp: string): Promise<void> {
  const entered = frame.request('CONNECT_OTP', {})
  await executeServerCommand('frame-fill', { label: 'Code', value: otp })
  await entered
}

/** Logs `email` in from the start: asks for a code, reads it from the test mailbox, types it. */
export async function loginByEmail(
  frame: Pick<SecureFrame, 'request'>,
  secureOrigin: string,
  email: string,
): Promise<void> {
  await frame.request('CONNECT_EMAIL', { email })
  const mail = (await (
    await fetch(`${secureOrigin}/__test/mailbox?email=${encodeURIComponent(email)}`)
  ).json()) as { otp: string }
  await typeCode(frame, mail.otp)
}
