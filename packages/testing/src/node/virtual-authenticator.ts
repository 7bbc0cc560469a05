/**
 * The part of Playwright's `CDPSession` this helper uses (structural, so this package needs no
 * Playwright dependency).
 */
export interface CdpSession {
  send(method: string, params?: object): Promise<unknown>
}

/** The part of Playwright's `Page` this helper uses: its context opens a CDP session on it. */
export interface AuthenticatorPage<Session extends CdpSession> {
  context(): { newCDPSession(page: never): Promise<Session> }
}

/** A credential of the virtual authenticator, as CDP's `WebAuthn.Credential` carries it. */
export interface VirtualCredential {
  credentialId: string
  isResidentCredential: boolean
  rpId?: string
  /** PKCS#8 private key, base64. */
  privateKey: string
  userHandle?: string
  signCount: number
  userName?: string
  userDisplayName?: string
}

/** A virtual authenticator on one page, and the CDP session that drives it. */
export interface VirtualAuthenticator<Session extends CdpSession = CdpSession> {
  authenticatorId: string
  /** The page's CDP session, for other domains (Storage, Network…). */
  session: Session
  /** The credentials it holds (`WebAuthn.getCredentials`). */
  credentials(): Promise<VirtualCredential[]>
  /** Adds a credential, e.g. one read from another authenticator (`WebAuthn.addCredential`). */
  addCredential(credential: VirtualCredential): Promise<void>
}

/**
 * Gives `page` Chromium's virtual WebAuthn authenticator with the PRF extension: a platform
 * authenticator (CTAP2, internal transport) holding discoverable credentials, with user
 * verification that always succeeds. Passkeys the page (or a frame in it) creates land there,
 * and `get()` answers from them without a dialog. It lives as long as the page (a reload keeps
 * it); another page of the same context has none, since Chromium attaches the authenticator to
 * one tab.
 *
 * @example
 * const page = await context.newPage()
 * const authenticator = await addVirtualAuthenticator(page)
 * // … the page registers a passkey …
 * const [passkey] = await authenticator.credentials()
 * await (await addVirtualAuthenticator(otherPage)).addCredential(passkey)
 */
export async function addVirtualAuthenticator<Session extends CdpSession>(
  page: AuthenticatorPage<Session>,
): Promise<VirtualAuthenticator<Session>> {
  const session = await page.context().newCDPSession(page as never)
  await session.send('WebAuthn.enable')
  const { authenticatorId } = (await session.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: true,
    },
  })) as { authenticatorId: string }
  return {
    authenticatorId,
    session,
    async credentials() {
      const { credentials } = (await session.send('WebAuthn.getCredentials', {
        authenticatorId,
      })) as { credentials: VirtualCredential[] }
      return credentials
    },
    async addCredential(credential) {
      await session.send('WebAuthn.addCredential', { authenticatorId, credential })
    },
  }
}
