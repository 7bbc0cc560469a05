// Brand names of the social providers (not translated), for their buttons and views.
export const SOCIAL_NAMES: Readonly<Record<string, string>> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  telegram: 'Telegram',
}
