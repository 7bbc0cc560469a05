// The social login providers, one model: each is an OAuth 2 authorization-code flow with PKCE
// (S256) and a server-kept `state`; OIDC providers add a `nonce` checked in the ID token, the
// others a profile API the server reads with the access token. Endpoints default to the
// provider's real ones; a project may point them at a stand-in (tests, a self-hosted IdP).
import * as v from 'valibot'
import type { SocialProvider } from '../../api-types.js'

/** What identifies the visitor after a login: the provider's stable subject and its names. */
export interface SocialProfile {
  subject: string
  /** The name to show (GitHub login, Discord username, …), if the provider gives one. */
  username: string | undefined
  /** Set only when the provider says it verified this e-mail. */
  verifiedEmail: string | undefined
}

export interface ProviderEndpoints {
  /** OIDC issuer (`iss` of the ID token); for OAuth 2 providers only a label. */
  issuer: string
  authorizationUrl: string
  tokenUrl: string
  /** OIDC: the keys that sign the ID token. */
  jwksUrl?: string | undefined
  /** OAuth 2: the profile API read with the access token. */
  profileUrl?: string | undefined
  /** GitHub: the list of the visitor's e-mails with their `verified` flag. */
  emailsUrl?: string | undefined
}

interface ProviderModel {
  kind: 'oidc' | 'oauth2'
  scope: string
  endpoints: ProviderEndpoints
}

/** The providers built so far, with their real endpoints. */
export const PROVIDERS = {
  google: {
    kind: 'oidc',
    scope: 'openid email profile',
    endpoints: {
      issuer: 'https://accounts.google.com',
      authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    },
  },
  github: {
    kind: 'oauth2',
    scope: 'read:user user:email',
    endpoints: {
      issuer: 'https://github.com',
      authorizationUrl: 'https://github.com/login/oauth/authorize',
      tokenUrl: 'https://github.com/login/oauth/access_token',
      profileUrl: 'https://api.github.com/user',
      emailsUrl: 'https://api.github.com/user/emails',
    },
  },
} as const satisfies Partial<Record<SocialProvider, ProviderModel>>

export type BuiltProvider = keyof typeof PROVIDERS
export const BUILT_PROVIDERS = Object.keys(PROVIDERS) as BuiltProvider[]

/**
 * The providers whose login works end to end (server, frame and popup). The project config
 * reports a configured provider only when it is listed here, so no button shows for a login
 * that cannot finish.
 */
export const POPUP_READY_PROVIDERS: readonly BuiltProvider[] = []

const Url = v.pipe(
  v.string(),
  v.url('Expected a URL'),
  v.check((value) => /^https?:/.test(value), 'Expected an http(s) URL'),
)

/** One provider of a project: its client, and endpoints only when they are not the real ones. */
export const ProviderConfigSchema = v.strictObject({
  clientId: v.pipe(v.string(), v.minLength(1), v.maxLength(500)),
  clientSecret: v.pipe(v.string(), v.minLength(1), v.maxLength(2000)),
  issuer: v.optional(Url),
  authorizationUrl: v.optional(Url),
  tokenUrl: v.optional(Url),
  jwksUrl: v.optional(Url),
  profileUrl: v.optional(Url),
  emailsUrl: v.optional(Url),
})
export type ProviderConfig = v.InferOutput<typeof ProviderConfigSchema>

/** The `social` settings of a project, by provider. */
export const SocialConfigSchema = v.strictObject(
  Object.fromEntries(
    BUILT_PROVIDERS.map((provider) => [provider, v.optional(ProviderConfigSchema)]),
  ) as Record<BuiltProvider, v.OptionalSchema<typeof ProviderConfigSchema, undefined>>,
)
export type SocialConfig = v.InferOutput<typeof SocialConfigSchema>

/** A provider's model with the project's endpoint overrides applied. */
export function resolveProvider(
  provider: BuiltProvider,
  config: ProviderConfig,
): ProviderModel & { provider: BuiltProvider; config: ProviderConfig } {
  const model = PROVIDERS[provider]
  const endpoints: ProviderEndpoints = { ...model.endpoints }
  for (const key of Object.keys(endpoints) as (keyof ProviderEndpoints)[]) {
    const override = config[key]
    if (override) endpoints[key] = override
  }
  return { ...model, endpoints, provider, config }
}

/**
 * The providers a project can log in with now: configured, turned on in its features, and built
 * end to end.
 *
 * @example
 * workingProviders({ socials: ['github'] }, { github: {...} }) // ['github'] once GitHub is ready
 */
export function workingProviders(
  features: { socials: false | readonly SocialProvider[] },
  social: SocialConfig,
  ready: readonly BuiltProvider[] = POPUP_READY_PROVIDERS,
): SocialProvider[] {
  if (!features.socials) return []
  return features.socials.filter(
    (provider): provider is BuiltProvider =>
      provider in PROVIDERS &&
      social[provider as BuiltProvider] !== undefined &&
      ready.includes(provider as BuiltProvider),
  )
}
