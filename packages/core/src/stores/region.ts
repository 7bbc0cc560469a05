// Spec §6: "A restricted timezone list (several mainland China, Hong Kong and Macau zones)
// exists; its effect is not shown." Here it is a project's choice, off by default: a project
// whose server config says `restrictedTimezones: true` hides swap and on-ramp from visitors
// whose browser time zone is in the list, and `$featureRestriction` says why, so a host (and
// each view) can show the reason instead of a missing button. The store lives beside
// `$features` (project-config.ts), which turns both off while it is set.
/**
 * Mainland China, Hong Kong and Macau zones, with their IANA aliases (backward-compatible
 * names a browser may still report). Compared without case.
 */
export const RESTRICTED_TIMEZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Kashgar',
  'PRC',
  'Asia/Hong_Kong',
  'Hongkong',
  'Asia/Macau',
  'Asia/Macao',
]

const RESTRICTED = new Set(RESTRICTED_TIMEZONES.map((zone) => zone.toLowerCase()))

/** The features the rule hides. */
export type RestrictedFeature = 'swaps' | 'onramp'

/** Why swap and on-ramp are hidden; undefined when they are not. */
export interface FeatureRestriction {
  reason: 'restricted-timezone'
  /** The visitor's time zone that matched. */
  timeZone: string
  features: readonly RestrictedFeature[]
}

/** The browser's IANA time zone, or undefined where Intl cannot tell. */
export function visitorTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}

/**
 * Why swap and on-ramp are hidden for a visitor in `timeZone` when the project's rule is
 * `enabled`; undefined when they are not.
 *
 * @example
 * featureRestriction(true, 'Asia/Hong_Kong') // { reason: 'restricted-timezone', timeZone: 'Asia/Hong_Kong', features: ['swaps', 'onramp'] }
 * featureRestriction(false, 'Asia/Hong_Kong') // undefined
 */
export function featureRestriction(
  enabled: boolean | undefined,
  timeZone: string | undefined,
): FeatureRestriction | undefined {
  if (!enabled || !timeZone || !RESTRICTED.has(timeZone.toLowerCase())) return undefined
  return { reason: 'restricted-timezone', timeZone, features: ['swaps', 'onramp'] }
}
