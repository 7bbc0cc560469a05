// Names shown or registered for an account (spec §5).

const REGISTERED_NAME = /^[a-zA-Z0-9-]{4,}$/
/** E-mails longer than this are truncated in the account button (spec §5). */
export const AUTH_NAME_MAX_LENGTH = 30

/**
 * Whether `name` can be registered as a wallet name: ASCII letters, digits and hyphens, at
 * least 4 characters (spec §5).
 *
 * @example
 * isValidRegisteredName('alice-01') // true
 * isValidRegisteredName('al.ce') // false
 */
export function isValidRegisteredName(name: string): boolean {
  return REGISTERED_NAME.test(name)
}

export interface AuthNameParameters {
  socialUsername?: string | undefined
  socialProvider?: string | undefined
  email?: string | undefined
}

/**
 * The name to show for an e-mail or social login. The social username wins; for discord a
 * trailing `#0` (the discriminator of accounts without one) is dropped. Otherwise the e-mail,
 * cut to its first 29 characters plus `…` (30 in all) when longer than 30. Returns
 * `undefined` when there is nothing to show.
 *
 * @example
 * displayAuthName({ socialUsername: 'alice#0', socialProvider: 'discord' }) // 'alice'
 * displayAuthName({ email: 'a.very.long.address.indeed@example.com' })
 * // 'a.very.long.address.indeed@ex…'
 */
export function displayAuthName({
  socialUsername,
  socialProvider,
  email,
}: AuthNameParameters): string | undefined {
  const username =
    socialProvider === 'discord' && socialUsername?.endsWith('#0')
      ? socialUsername.slice(0, -2)
      : socialUsername
  if (username) return username
  if (!email) return undefined
  if (email.length <= AUTH_NAME_MAX_LENGTH) return email
  return `${email.slice(0, AUTH_NAME_MAX_LENGTH - 1)}…`
}
