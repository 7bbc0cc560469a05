// A loopback stand-in of the server's embedded-wallet routes (the contract apps/server
// implements): same paths, bodies, answers and error shape, in memory. It checks the
// frame's device-key proofs (ES256 JWS, htm/htu, iat within 60 s, jti once, ath, the key
// bound to the attempt and the session) and the project header as the server does, gives the
// auth share only to the device holding its share or after a recovery, and accepts a rotation
// only for the same commitment, the next version and the address's signature. Instead of SMTP,
// `GET /__test/mailbox?email=` returns the last code sent (with CORS, so a test page can read it).
import { createHash, randomInt, randomUUID, webcrypto } from 'node:crypto'
import { recoverMessageAddress } from 'viem'

const b64url = (buffer) => Buffer.from(buffer).toString('base64url')
const fromB64url = (text) => Buffer.from(text, 'base64url')

async function readJson(req) {
  let size = 0
  const chunks = []
  for await (const chunk of req) {
    size += chunk.length
    if (size > 65_536) throw Object.assign(new Error('Body too large'), { status: 413 })
    chunks.push(chunk)
  }
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}
}

/** RFC 7638 thumbprint of an EC JWK. */
const thumbprint = ({ crv, kty, x, y }) =>
  createHash('sha256').update(JSON.stringify({ crv, kty, x, y })).digest('base64url')

/** The forging frame's script: what any script on a page could post. */
const FORGER = `
const messages = JSON.parse(decodeURIComponent(location.hash.slice(1)))
for (const message of messages) {
  const channel = new MessageChannel()
  channel.port1.onmessage = (event) => channel.port1.postMessage({ id: event.data.id, status: 'SUCCESS', payload: { result: ['0x000000000000000000000000000000000000dEaD'] } })
  channel.port1.postMessage({ event: 'READY' })
  parent.postMessage(message, '*', [channel.port2])
}`

/**
 * @param {{ freshMs?: number, custodialProjects?: string[] }} [options] `custodialProjects`: the
 *   projects whose recovery is `custodial` (the server's project setting); the others refuse a
 *   recovery share the operator could open, as the server does.
 */
export function createApiStandIn({ freshMs = 300_000, custodialProjects = [] } = {}) {
  const attempts = new Map() // attemptId -> { email, otp, tries }
  const mailbox = new Map() // email -> { otp, dappOrigin }
  const users = new Map() // projectId|email -> { id, email }
  const sessions = new Map() // token -> { userId, jkt, projectId, loginAt, recovered }
  const wallets = new Map() // userId -> { commitment, authShare, recoveryShare, factor, version, devices }
  const seenJti = new Set()

  async function checkProof(req, url, token) {
    const proof = req.headers['openmodal-proof']
    const [h, p, s] = typeof proof === 'string' ? proof.split('.') : []
    if (!h || !p || !s) return null
    const header = JSON.parse(fromB64url(h).toString('utf8'))
    const payload = JSON.parse(fromB64url(p).toString('utf8'))
    if (header.alg !== 'ES256' || header.typ !== 'dpop+jwt' || !header.jwk) return null
    const key = await webcrypto.subtle.importKey(
      'jwk',
      header.jwk,
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    )
    const ok = await webcrypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      fromB64url(s),
      Buffer.from(`${h}.${p}`),
    )
    if (!ok || payload.htm !== req.method || payload.htu !== `${url.origin}${url.pathname}`)
      return null
    if (Math.abs(Date.now() / 1000 - payload.iat) > 60 || seenJti.has(payload.jti)) return null
    if (token && payload.ath !== createHash('sha256').update(token).digest('base64url')) return null
    seenJti.add(payload.jti)
    return thumbprint(header.jwk)
  }

  function fail(res, status, code, message) {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: { code, message } }))
    return true
  }
  function ok(res, status, body) {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' })
    res.end(body === undefined ? undefined : JSON.stringify(body))
    return true
  }

  return async function handle(req, res, origin) {
    const url = new URL(req.url ?? '/', origin)
    if (url.pathname === '/__test/mailbox') {
      res.setHeader('access-control-allow-origin', '*')
      return ok(res, 200, mailbox.get(url.searchParams.get('email') ?? '') ?? null)
    }
    if (url.pathname === '/__test/forger') {
      // A foreign frame on the secure origin itself: posts the forged messages in its hash to
      // its parent, the handshake answer with a port of its own that answers anything.
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end(`<script>${FORGER}</script>`)
      return true
    }
    if (url.pathname === '/__test/age-sessions' && req.method === 'POST') {
      // Makes every login 10 minutes older: shares are then refused (not fresh).
      for (const session of sessions.values()) session.loginAt -= 600_000
      res.setHeader('access-control-allow-origin', '*')
      return ok(res, 204)
    }
    if (!url.pathname.startsWith('/v1/')) return false
    const route = `${req.method} ${url.pathname}`
    const body = req.method === 'GET' ? {} : await readJson(req)

    if (route === 'POST /v1/auth/email/start') {
      const jkt = await checkProof(req, url)
      if (!jkt) return fail(res, 401, 'INVALID_PROOF', 'Invalid proof')
      if (typeof body.email !== 'string' || !body.email.includes('@'))
        return fail(res, 400, 'INVALID_EMAIL', 'Invalid email')
      // A slow mail server, for the request-timeout tests.
      if (body.email.startsWith('slow')) await new Promise((resolve) => setTimeout(resolve, 2_000))
      const attemptId = randomUUID()
      const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
      // An address starting with `nomail` stands for a mail server that refuses the code's
      // mail: the answer comes first, the failure shows on the attempt (as the server does).
      const mailFails = body.email.startsWith('nomail')
      attempts.set(attemptId, {
        email: body.email,
        otp,
        tries: 0,
        jkt,
        projectId: body.projectId,
        mail: mailFails ? 'failed' : 'sent',
      })
      if (!mailFails) mailbox.set(body.email, { otp, dappOrigin: body.dappOrigin })
      return ok(res, 200, { attemptId, action: 'VERIFY_OTP' })
    }
    // An update's code: asked with the session, below (the server's rule).
    if (route === 'POST /v1/auth/email/status' && (body.step ?? 'login') === 'login') {
      const jkt = await checkProof(req, url)
      if (!jkt) return fail(res, 401, 'INVALID_PROOF', 'Invalid proof')
      const attempt = attempts.get(body.attemptId)
      if (!attempt || attempt.jkt !== jkt)
        return fail(res, 404, 'BAD_REQUEST', 'No such attempt on this device')
      if (attempt.mail === 'failed')
        return fail(res, 502, 'MAIL_FAILED', 'The e-mail could not be sent; try again')
      return ok(res, 200, { mail: attempt.mail })
    }
    if (route === 'POST /v1/auth/email/verify') {
      const jkt = await checkProof(req, url)
      if (!jkt) return fail(res, 401, 'INVALID_PROOF', 'Invalid proof')
      const attempt = attempts.get(body.attemptId)
      if (!attempt) return fail(res, 400, 'INVALID_OTP', 'This code is not for this session')
      if (attempt.jkt !== jkt)
        return fail(res, 401, 'INVALID_PROOF', 'This code was asked for on another device')
      if (attempt.mail === 'failed')
        return fail(res, 502, 'MAIL_FAILED', 'The e-mail could not be sent; try again')
      if (attempt.tries >= 5) return fail(res, 400, 'OTP_LOCKED', 'Too many wrong codes')
      if (attempt.otp !== body.otp) {
        attempt.tries++
        return fail(res, 400, 'INVALID_OTP', 'Wrong code')
      }
      attempts.delete(body.attemptId)
      const key = `${attempt.projectId}|${attempt.email}`
      const isNew = !users.has(key)
      if (isNew) users.set(key, { id: randomUUID(), email: attempt.email })
      const user = users.get(key)
      const token = b64url(webcrypto.getRandomValues(new Uint8Array(32)))
      sessions.set(token, {
        userId: user.id,
        jkt,
        projectId: attempt.projectId,
        loginAt: Date.now(),
      })
      return ok(res, 200, {
        session: { token, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
        user: { ...user, isNew },
      })
    }

    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    const session = token && sessions.get(token)
    const jkt = session && (await checkProof(req, url, token))
    if (!session || jkt !== session.jkt) return fail(res, 401, 'UNAUTHORIZED', 'Session Expired')
    if (req.headers['openmodal-project'] !== session.projectId)
      return fail(res, 401, 'UNAUTHORIZED', 'This session belongs to another project')
    const user = [...users.values()].find(({ id }) => id === session.userId)
    const wallet = wallets.get(user.id)

    // Shares leave the vault only for a login at most `freshMs` old (the server's rule).
    const fresh = Date.now() - session.loginAt <= freshMs
    const vaultRoutes = [
      'GET /v1/wallet/shares',
      'POST /v1/wallet/recovery',
      'POST /v1/wallet/rotate',
    ]
    if (vaultRoutes.includes(route) && !fresh) {
      return fail(res, 403, 'SESSION_NOT_FRESH', 'Log in again')
    }
    const custodialRefused =
      (route === 'PUT /v1/wallet' || route === 'POST /v1/wallet/rotate') &&
      body.factor?.kind === 'custodial' &&
      !custodialProjects.includes(session.projectId)
    if (custodialRefused) {
      return fail(
        res,
        403,
        'CUSTODIAL_RECOVERY_OFF',
        'This project keeps recovery with the visitor',
      )
    }
    switch (route) {
      case 'GET /v1/me':
        return ok(res, 200, { user, wallet: wallet ? { commitment: wallet.commitment } : null })
      case 'PUT /v1/wallet':
        if (wallet) return fail(res, 409, 'WALLET_EXISTS', 'A wallet exists')
        wallets.set(user.id, { ...body, version: 1, devices: new Set([jkt]) })
        return ok(res, 201, { commitment: body.commitment })
      case 'GET /v1/wallet/shares':
        if (!wallet) return fail(res, 404, 'WALLET_NOT_FOUND', 'No wallet')
        if (!wallet.devices.has(jkt) && !session.recovered)
          return fail(res, 403, 'RECOVERY_REQUIRED', 'Recover the wallet on this device')
        return ok(res, 200, {
          commitment: wallet.commitment,
          version: wallet.version,
          authShare: wallet.authShare,
        })
      case 'POST /v1/wallet/recovery':
        if (!wallet) return fail(res, 404, 'WALLET_NOT_FOUND', 'No wallet')
        if (wallet.devices.has(jkt)) return fail(res, 409, 'BAD_REQUEST', 'No recovery needed')
        session.recovered = true
        return ok(res, 200, {
          commitment: wallet.commitment,
          version: wallet.version,
          recoveryShare: wallet.recoveryShare,
          factor: wallet.factor,
        })
      case 'POST /v1/wallet/rotate': {
        if (!wallet) return fail(res, 404, 'WALLET_NOT_FOUND', 'No wallet')
        if (body.commitment?.eip155?.toLowerCase() !== wallet.commitment.eip155.toLowerCase())
          return fail(res, 400, 'BAD_REQUEST', 'The commitment of a wallet never changes')
        if (body.version !== wallet.version + 1)
          return fail(res, 409, 'VERSION_CONFLICT', 'Not the next version')
        const digest = (b64) =>
          createHash('sha256').update(Buffer.from(b64, 'base64')).digest('hex')
        const message = [
          'OpenModal wallet rotation',
          `Address: ${wallet.commitment.eip155.toLowerCase()}`,
          `Version: ${body.version}`,
          `Auth share: sha256:${digest(body.authShare)}`,
          `Recovery share: sha256:${digest(body.recoveryShare)}`,
        ].join('\n')
        const signer = await recoverMessageAddress({ message, signature: body.signature }).catch(
          () => undefined,
        )
        if (signer?.toLowerCase() !== wallet.commitment.eip155.toLowerCase())
          return fail(res, 403, 'INVALID_SIGNATURE', 'Not signed by the wallet')
        const { version, signature: _signature, ...shares } = body
        wallets.set(user.id, { ...shares, version, devices: new Set([jkt]) })
        return ok(res, 200, { commitment: wallet.commitment, version })
      }
      // Where an update's code mail stands: this stand-in sends every mail at once.
      case 'POST /v1/auth/email/status': {
        const attempt = attempts.get(body.attemptId)
        if (!attempt || attempt.purpose !== body.step || attempt.userId !== user.id)
          return fail(res, 404, 'BAD_REQUEST', 'No such attempt on this device')
        return ok(res, 200, { mail: 'sent' })
      }
      // Update e-mail: a code to the current address, then one to the new address.
      case 'POST /v1/auth/email/update/start': {
        if (typeof body.newEmail !== 'string' || !body.newEmail.includes('@'))
          return fail(res, 400, 'INVALID_EMAIL', 'Invalid email')
        if (body.newEmail === user.email)
          return fail(res, 400, 'BAD_REQUEST', 'The new e-mail is the current one')
        const attemptId = randomUUID()
        const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
        attempts.set(attemptId, {
          email: user.email,
          otp,
          tries: 0,
          purpose: 'update_primary',
          userId: user.id,
          newEmail: body.newEmail,
        })
        mailbox.set(user.email, { otp })
        return ok(res, 200, { attemptId, action: 'VERIFY_PRIMARY_OTP' })
      }
      case 'POST /v1/auth/email/update/verify-primary':
      case 'POST /v1/auth/email/update/verify-secondary': {
        const purpose = route.endsWith('primary') ? 'update_primary' : 'update_secondary'
        const attempt = attempts.get(body.attemptId)
        if (!attempt || attempt.purpose !== purpose || attempt.userId !== user.id)
          return fail(res, 400, 'INVALID_OTP', 'This code is not for this session')
        if (attempt.tries >= 5) return fail(res, 400, 'OTP_LOCKED', 'Too many wrong codes')
        if (attempt.otp !== body.otp) {
          attempt.tries++
          return fail(res, 400, 'INVALID_OTP', 'Wrong code')
        }
        if (purpose === 'update_primary') {
          const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
          Object.assign(attempt, { otp, tries: 0, purpose: 'update_secondary' })
          mailbox.set(attempt.newEmail, { otp })
          return ok(res, 200, { action: 'VERIFY_SECONDARY_OTP' })
        }
        attempts.delete(body.attemptId)
        if (users.has(`${session.projectId}|${attempt.newEmail}`))
          return fail(res, 409, 'EMAIL_IN_USE', 'Another account uses this e-mail')
        users.delete(`${session.projectId}|${user.email}`)
        user.email = attempt.newEmail
        users.set(`${session.projectId}|${user.email}`, user)
        for (const [other, value] of sessions) {
          if (value.userId === user.id && other !== token) sessions.delete(other)
        }
        return ok(res, 200, { email: user.email })
      }
      case 'POST /v1/auth/email/sign-out':
        sessions.delete(token)
        return ok(res, 204)
      default:
        return fail(res, 404, 'NOT_FOUND', 'Not found')
    }
  }
}
