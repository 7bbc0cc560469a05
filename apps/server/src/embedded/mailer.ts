// Mail of the embedded wallet, plain text through SMTP with nodemailer: one-time codes and the
// notices of what happened to a wallet (new device, rotation, e-mail change, lock).
import { createTransport } from 'nodemailer'

export interface OtpMail {
  to: string
  otp: string
  /**
   * The project the code is for, as its operator configured it: its name and its own allowed
   * origins. Never the origin that asked: a page a wildcard admits, or any other, must not be
   * able to put its address in a mail the visitor trusts.
   */
  project: { name: string; allowedOrigins: readonly string[] }
  purpose: 'login' | 'update_primary' | 'update_secondary'
  ttlMinutes: number
}

/** Origins named in a code mail at most; more are counted. */
const MAIL_ORIGINS = 10

/** A notice about the visitor's wallet; `text` is plain text built by the routes. */
export interface NoticeMail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  sendOtp(mail: OtpMail): Promise<void>
  sendNotice(mail: NoticeMail): Promise<void>
  close(): void
}

/**
 * The text of a code mail. Plain text only: names and origins are shown as text, nothing is a
 * link.
 *
 * @example
 * otpMailText({ to, otp: '042917', project: { name: 'Acme', allowedOrigins: ['https://app.example'] }, purpose: 'login', ttlMinutes: 10 })
 */
export function otpMailText(mail: OtpMail): { subject: string; text: string } {
  const { name, allowedOrigins } = mail.project
  const action =
    mail.purpose === 'login'
      ? `sign in to ${name}`
      : mail.purpose === 'update_primary'
        ? `confirm changing the e-mail of your wallet on ${name}`
        : `confirm this new e-mail for your wallet on ${name}`
  const shown = allowedOrigins.slice(0, MAIL_ORIGINS).join(', ')
  const more = allowedOrigins.length - MAIL_ORIGINS
  return {
    // Never the code itself: a subject line shows on lock screens and in notifications.
    subject: `Your code for ${name}`,
    text: [
      `Your code to ${action}:`,
      '',
      `    ${mail.otp}`,
      '',
      ...(shown ? [`${name} runs only at: ${shown}${more > 0 ? ` and ${more} more` : ''}`] : []),
      `It expires in ${mail.ttlMinutes} minutes and works once.`,
      'If you did not ask for it, ignore this e-mail and never share the code.',
    ].join('\n'),
  }
}

/**
 * A mailer over an SMTP server given as a URL (`smtp://user:pass@host:587`, `smtps://...`).
 *
 * @example
 * const mailer = createSmtpMailer({ url: 'smtp://127.0.0.1:2525', from: 'OpenModal <no-reply@localhost>' })
 */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = createTransport(options.url)
  return {
    async sendOtp(mail) {
      const { subject, text } = otpMailText(mail)
      await transport.sendMail({ from: options.from, to: mail.to, subject, text })
    },
    async sendNotice(mail) {
      await transport.sendMail({ from: options.from, ...mail })
    },
    close: () => transport.close(),
  }
}
