// The social login providers, one model: each is an OAuth 2 authorization-code flow with PKCE
// (S256) and a server-kept `state`; OIDC providers add a `nonce` checked in the ID token, the
// others a profile API the server reads with the access token. Endpoints default to the
// provider's real ones; a project may point them at a stand-in (tests, a self-hosted IdP).
import { createPrivateKey, sign } from 'node:crypto'
import * as v from 'valibot'
import type { SocialProvider } from '../../api-types.js'
import { TelegramConfigSchema } from './telegram.js'

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
  /** How the client authenticates at the token endpoint (X takes only HTTP Basic). */
  tokenAuth: 'post' | 'basic'
  /** Apple: the code comes back in a form POST (required when `name` or `email` is asked). */
  responseMode?: 'form_post'
  endpoints: ProviderEndpoints
}

/** The profile APIs' answers, as the providers document them (only the fields read). */
const GitHubUser = v.object({ id: v.number(), login: v.string() })
const GitHubEmails = v.array(
  v.object({ email: v.string(), primary: v.boolean(), verified: v.boolean() }),
)
const DiscordUser = v.object({
  id: v.string(),
  username: v.string(),
  discriminator: v.optional(v.string()),
  email: v.optional(v.nullable(v.string())),
  verified: v.optional(v.boolean()),
})
const XUser = v.object({ data: v.object({ id: v.string(), username: v.string() }) })
const FacebookUser = v.object({ id: v.string(), name: v.optional(v.string()) })

/** Reads a profile API with the access token. */
export type ReadJson = (url: string) => Promise<unknown>

/**
 * The identity of an OAuth 2 provider's visitor from its profile API. E-mails count as verified
 * only where the provider says so (GitHub's primary `verified`, Discord's `verified`); X gives
 * none and Facebook does not say whether its e-mail was confirmed, so neither links to an e-mail
 * user.
 */
export const PROFILE_READERS: Record<
  'github' | 'discord' | 'x' | 'facebook',
  (endpoints: ProviderEndpoints, read: ReadJson) => Promise<SocialProfile>
> = {
  github: async (endpoints, read) => {
    const user = v.parse(GitHubUser, await read(endpoints.profileUrl ?? ''))
    const emails = endpoints.emailsUrl ? v.parse(GitHubEmails, await read(endpoints.emailsUrl)) : []
    const primary = emails.find((entry) => entry.primary && entry.verified)
    return {
      subject: String(user.id),
      username: user.login,
      verifiedEmail: primary?.email.toLowerCase(),
    }
  },
  discord: async (endpoints, read) => {
    const user = v.parse(DiscordUser, await read(endpoints.profileUrl ?? ''))
    return {
      subject: user.id,
      // `name#0` for the new unique names: the modal strips the `#0` when it shows it (spec §5).
      username: user.discriminator ? `${user.username}#${user.discriminator}` : user.username,
      verifiedEmail: user.verified && user.email ? user.email.toLowerCase() : undefined,
    }
  },
  x: async (endpoints, read) => {
    const { data } = v.parse(XUser, await read(endpoints.profileUrl ?? ''))
    return { subject: data.id, username: data.username, verifiedEmail: undefined }
  },
  facebook: async (endpoints, read) => {
    const user = v.parse(FacebookUser, await read(endpoints.profileUrl ?? ''))
    return { subject: user.id, username: user.name, verifiedEmail: undefined }
  },
}

/** The OAuth 2 / OIDC providers, with their real endpoints. */
export const PROVIDERS = {
  google: {
    kind: 'oidc',
    scope: 'openid email profile',
    tokenAuth: 'post',
    endpoints: {
      issuer: 'https://accounts.google.com',
      authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    },
  },
  // developer.apple.com: "Sign in with Apple REST API" (authorize, token, keys).
  apple: {
    kind: 'oidc',
    scope: 'openid email name',
    tokenAuth: 'post',
    responseMode: 'form_post',
    endpoints: {
      issuer: 'https://appleid.apple.com',
      authorizationUrl: 'https://appleid.apple.com/auth/authorize',
      tokenUrl: 'https://appleid.apple.com/auth/token',
      jwksUrl: 'https://appleid.apple.com/auth/keys',
    },
  },
  github: {
    kind: 'oauth2',
    scope: 'read:user user:email',
    tokenAuth: 'post',
    endpoints: {
      issuer: 'https://github.com',
      authorizationUrl: 'https://github.com/login/oauth/authorize',
      tokenUrl: 'https://github.com/login/oauth/access_token',
      profileUrl: 'https://api.github.com/user',
      emailsUrl: 'https://api.github.com/user/emails',
    },
  },
  discord: {
    kind: 'oauth2',
    scope: 'identify email',
    tokenAuth: 'post',
    endpoints: {
      issuer: 'https://discord.com',
      authorizationUrl: 'https://discord.com/oauth2/authorize',
      tokenUrl: 'https://discord.com/api/oauth2/token',
      profileUrl: 'https://discord.com/api/users/@me',
    },
  },
  x: {
    kind: 'oauth2',
    scope: 'users.read tweet.read',
    tokenAuth: 'basic',
    endpoints: {
      issuer: 'https://x.com',
      authorizationUrl: 'https://x.com/i/oauth2/authorize',
      tokenUrl: 'https://api.x.com/2/oauth2/token',
      profileUrl: 'https://api.x.com/2/users/me',
    },
  },
  facebook: {
    kind: 'oauth2',
    scope: 'public_profile email',
    tokenAuth: 'post',
    endpoints: {
      issuer: 'https://www.facebook.com',
      authorizationUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
      tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
      profileUrl: 'https://graph.facebook.com/v21.0/me?fields=id,name,email',
    },
  },
} as const satisfies Partial<Record<SocialProvider, ProviderModel>>

export type OAuthProvider = keyof typeof PROVIDERS
/** Every provider built: the OAuth ones and Telegram (its signed login result, telegram.ts). */
export type BuiltProvider = OAuthProvider | 'telegram'
export const BUILT_PROVIDERS = [...(Object.keys(PROVIDERS) as OAuthProvider[]), 'telegram'] as const

/**
 * The providers whose login works end to end (server, frame and popup). The project config
 * reports a configured provider only when it is listed here, so no button shows for a login
 * that cannot finish. The popup and the frame's half are the same for every provider (each runs
 * through them in Chromium); each provider's server half runs against its stand-in.
 */
export const POPUP_READY_PROVIDERS: readonly BuiltProvider[] = BUILT_PROVIDERS

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

const AppleId = (what: string) =>
  v.pipe(v.string(), v.regex(/^[A-Z0-9]{10}$/, `Expected the 10-character ${what}`))

const isP256Key = (pem: string) => {
  try {
    const key = createPrivateKey(pem)
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1'
  } catch {
    return false
  }
}

/**
 * Apple has no client secret to copy: the server signs one (an ES256 JWT) with the team's
 * Sign in with Apple key, so the project holds the key itself.
 */
export const AppleConfigSchema = v.strictObject({
  /** The Services ID (e.g. `com.example.web`). */
  clientId: v.pipe(v.string(), v.minLength(1), v.maxLength(500)),
  teamId: AppleId('Team ID'),
  keyId: AppleId('Key ID'),
  /** The key's `.p8` file as downloaded: a PKCS #8 PEM of a P-256 key. */
  privateKey: v.pipe(
    v.string(),
    v.maxLength(2000),
    v.check(isP256Key, 'Expected the .p8 key file (PKCS #8 PEM of a P-256 key)'),
  ),
  issuer: v.optional(Url),
  authorizationUrl: v.optional(Url),
  tokenUrl: v.optional(Url),
  jwksUrl: v.optional(Url),
})
export type AppleConfig = v.InferOutput<typeof AppleConfigSchema>
export type ProviderConfig = v.InferOutput<typeof ProviderConfigSchema> | AppleConfig

/** Apple's client secret may live at most six months (15777000 s); ours lives five minutes. */
const APPLE_SECRET_TTL_S = 300

/**
 * The client secret of `config` at the token endpoint: the configured one, or for Apple an
 * ES256 JWT (`iss` team, `sub` client, `aud` https://appleid.apple.com, `kid` the key) as
 * Apple's "Creating a client secret" describes.
 *
 * @example clientSecretOf(project.social.apple, Date.now())
 */
export function clientSecretOf(config: ProviderConfig, now: number): string {
  if ('clientSecret' in config) return config.clientSecret
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const iat = Math.floor(now / 1000)
  const signingInput = `${encode({ alg: 'ES256', kid: config.keyId })}.${encode({
    iss: config.teamId,
    iat,
    exp: iat + APPLE_SECRET_TTL_S,
    aud: 'https://appleid.apple.com',
    sub: config.clientId,
  })}`
  const signature = sign('sha256', Buffer.from(signingInput), {
    key: createPrivateKey(config.privateKey),
    dsaEncoding: 'ieee-p1363',
  })
  return `${signingInput}.${signature.toString('base64url')}`
}

/** The `social` settings of a project, by provider. */
export const SocialConfigSchema = v.strictObject({
  ...(Object.fromEntries(
    (Object.keys(PROVIDERS) as OAuthProvider[])
      .filter((provider) => provider !== 'apple')
      .map((provider) => [provider, v.optional(ProviderConfigSchema)]),
  ) as Record<
    Exclude<OAuthProvider, 'apple'>,
    v.OptionalSchema<typeof ProviderConfigSchema, undefined>
  >),
  apple: v.optional(AppleConfigSchema),
  telegram: v.optional(TelegramConfigSchema),
  /** Sign In With Farcaster: on for the project when present (the chain is the server's). */
  farcaster: v.optional(v.strictObject({})),
})
export type SocialConfig = v.InferOutput<typeof SocialConfigSchema>

/** A provider's model with the project's endpoint overrides applied. */
export function resolveProvider(
  provider: OAuthProvider,
  config: ProviderConfig,
): ProviderModel & { provider: OAuthProvider; config: ProviderConfig } {
  const model = PROVIDERS[provider]
  const endpoints: ProviderEndpoints = { ...model.endpoints }
  for (const key of Object.keys(endpoints) as (keyof ProviderEndpoints)[]) {
    const override = (config as Partial<Record<keyof ProviderEndpoints, string>>)[key]
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
  {
    ready = POPUP_READY_PROVIDERS,
    farcaster = false,
  }: {
    ready?: readonly BuiltProvider[]
    /** The server has Sign In With Farcaster's settings (the chain its registry is read on). */
    farcaster?: boolean | undefined
  } = {},
): SocialProvider[] {
  if (!features.socials) return []
  return features.socials.filter((provider) =>
    provider === 'farcaster'
      ? farcaster && social.farcaster !== undefined
      : (BUILT_PROVIDERS as readonly string[]).includes(provider) &&
        social[provider as BuiltProvider] !== undefined &&
        ready.includes(provider as BuiltProvider),
  )
}
