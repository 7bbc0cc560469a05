// A real SMTP server in this process (smtp-server) that keeps what it receives, parsed with
// mailparser: the mailbox of the tests and of `pnpm demo`. Loopback only, no TLS, no auth.
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  id: number
  from: string
  to: string[]
  subject: string
  text: string
  receivedAt: string
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, what OPENMODAL_SMTP_URL takes. */
  url: string
  port: number
  /** Every mail received, oldest first. */
  readonly mails: readonly ReceivedMail[]
  /** Resolves with the first mail to `to` after the `after`-th one that matches, waiting for it. */
  waitForMail(to: string, options?: { after?: number; timeoutMs?: number }): Promise<ReceivedMail>
  close(): Promise<void>
}

/**
 * Starts the sink on a free loopback port (or `port`).
 *
 * @example
 * const sink = await startSmtpSink()
 * const mail = await sink.waitForMail('ada@example.com')
 * await sink.close()
 */
export async function startSmtpSink(
  options: { port?: number; host?: string } = {},
): Promise<SmtpSink> {
  const mails: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    authOptional: true,
    // No TLS: a loopback sink has no certificate a client would accept.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1_000_000,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            id: mails.length + 1,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            receivedAt: new Date().toISOString(),
          })
          for (const wake of waiters) wake()
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const { port } = server.server.address() as AddressInfo

  const find = (to: string, after: number) =>
    mails.filter((mail) => mail.to.includes(to.toLowerCase()))[after]

  return {
    url: `smtp://${host}:${port}`,
    port,
    mails,
    waitForMail(to, { after = 0, timeoutMs = 5_000 } = {}) {
      const found = find(to, after)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const wake = () => {
          const mail = find(to, after)
          if (!mail) return
          waiters.delete(wake)
          clearTimeout(timer)
          resolve(mail)
        }
        const timer = setTimeout(() => {
          waiters.delete(wake)
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`))
        }, timeoutMs)
        waiters.add(wake)
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * The 6-digit code of a code mail.
 *
 * @example
 * const otp = otpOf(await sink.waitForMail('ada@example.com'))
 */
export function otpOf(mail: ReceivedMail): string {
  const match = /^\s+(\d{6})\s*$/m.exec(mail.text)
  if (!match?.[1]) throw new Error(`no code in mail "${mail.subject}"`)
  return match[1]
}
