// The one e-mail rule of the kit (spec §5 "must be valid e-mails"): the modal's e-mail views
// check it as the visitor types, and the secure frame's protocol schemas check it again on
// every login and update request, so what the field accepts the frame accepts.

/** RFC 5321 caps an address at 254 characters. */
export const MAX_EMAIL_LENGTH = 254

/** A plain mailbox: local part, @, a domain with a dot and a top-level label of 2+ letters. */
export const EMAIL_PATTERN = /^[\w+-]+(?:\.[\w+-]+)*@[\da-z]+(?:[.-][\da-z]+)*\.[a-z]{2,}$/iu

/**
 * Whether `value` is an e-mail address the frame accepts (at most 254 characters).
 *
 * @example isEmail('ada@example.com') // true
 */
export function isEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value)
}
