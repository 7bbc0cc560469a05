// Mail of the embedded wallet: plain-text one-time codes sent through SMTP with nodemailer.
import { createTransport } from 'nodemailer'

export interface OtpMail {
  to: string
  otp: string
  /** The dapp the code signs in to, as the secure frame verified it. */
  dappOrigin: string
  purpose: 'login' | 'update_primary' | 'update_secondary'
  ttlMinutes: number
}

export interface Mailer {
  sendOtp(mail: OtpMail): Promise<void>
  close(): void
}

/**
 * The text of a code mail. Plain text only: the origin is shown as text, nothing is a link.
 *
 * @example
 * otpMailText({ to, otp: '042917', dappOrigin: 'https://app.example', purpose: 'login', ttlMinutes: 10 })
 */
export function otpMailText(mail: OtpMail): { subject: string; text: string } {
  const action =
    mail.purpose === 'login'
      ? `sign in to ${mail.dappOrigin}`
      : mail.purpose === 'update_primary'
        ? `confirm changing the e-mail of your wallet on ${mail.dappOrigin}`
        : `confirm this new e-mail for your wallet on ${mail.dappOrigin}`
  return {
    subject: `${mail.otp} is your code for ${mail.dappOrigin}`,
    text: [
      `Your code to ${action}:`,
      '',
      `    ${mail.otp}`,
      '',
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
    close: () => transport.close(),
  }
}
