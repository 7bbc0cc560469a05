// Defaults from the page: the domain (host) and URI (origin) a sign-in message names.

/** `location.host` / `location.origin`, or an error telling what to pass outside a page. */
export function pageDefaults(options: { domain?: string | undefined; uri?: string | undefined }): {
  domain: string
  uri: string
} {
  const location = (globalThis as { location?: { host?: string; origin?: string } }).location
  const domain = options.domain ?? location?.host
  const uri = options.uri ?? location?.origin
  if (!domain || !uri) {
    throw new TypeError('SIWX: pass `domain` and `uri` when there is no page location')
  }
  return { domain, uri }
}
