// The embedded wallet's server as its tests drive it: a server on loopback with the embedded
// routes, a clock the test moves, and calls made as the secure frame would make them (Origin of
// the secure site, a device-key proof, the bearer token, the project header).
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/db.js'
import type { EmbeddedLimits, EmbeddedOptions } from '../embedded/config.js'
import { createSmtpMailer } from '../embedded/mailer.js'
import type { RunningServer } from '../server.js'
import type { DeviceKey } from './device-key.js'
import { call, type Json, startTestServer } from './harness.js'
import { otpOf, type SmtpSink } from './smtp-sink.js'

export const SECURE = 'http://localhost:4400'
export const DAPP = 'https://app.example.com'

export interface SendOptions {
  body?: unknown
  device?: DeviceKey
  token?: string
  ip?: string
  origin?: string
  /** The project the frame runs for (the `OpenModal-Project` header). */
  projectId?: string
}

export interface EmbeddedStack {
  server: RunningServer
  clock: { now: number }
  /** Resolves once no code mail is still being sent (they leave after the answer). */
  settled(): Promise<void>
  send(
    method: string,
    path: string,
    options?: SendOptions,
  ): Promise<{ status: number; headers: Headers; body: Json }>
  close(): Promise<void>
}

/**
 * A server with the embedded routes over `db`, mailing through `sink`.
 *
 * @example
 * const stack = await startEmbeddedStack(db, sink)
 */
export async function startEmbeddedStack(
  db: Db,
  sink: SmtpSink,
  limits: Partial<EmbeddedLimits> = {},
  extra: Partial<EmbeddedOptions> = {},
): Promise<EmbeddedStack> {
  const clock = { now: Date.now() }
  const mailer = createSmtpMailer({ url: sink.url, from: 'OpenModal <no-reply@localhost>' })
  const server = await startTestServer(db, {
    now: () => clock.now,
    trustProxy: true,
    embedded: {
      secureOrigin: SECURE,
      authSecret: randomBytes(32),
      vaultKey: randomBytes(32),
      mailer,
      limits,
      ...extra,
    },
  })
  return {
    server,
    clock,
    async settled() {
      for (let i = 0; i < 250; i++) {
        const [row] = await db.query<{ n: number }>(
          "select count(*)::int as n from embedded.otp_codes where mail_status = 'sending'",
        )
        if (!row?.n) return
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      throw new Error('code mails still sending after 5 s')
    },
    async send(method, path, options = {}) {
      const url = `${server.url}${path}`
      const headers: Record<string, string> = {
        origin: options.origin ?? SECURE,
        'x-forwarded-for': options.ip ?? '10.0.0.1',
        'openmodal-project': options.projectId ?? 'test-project',
      }
      if (options.body !== undefined) headers['content-type'] = 'application/json'
      if (options.token) headers.authorization = `Bearer ${options.token}`
      if (options.device) {
        headers['openmodal-proof'] = await options.device.proof(method, url.split('?')[0] ?? url, {
          ...(options.token ? { token: options.token } : {}),
        })
      }
      return call(url, {
        method,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      })
    },
    async close() {
      await server.close()
      mailer.close()
    },
  }
}

/**
 * Starts a login for `email` from `device` and returns the attempt and the code of its mail.
 *
 * @example
 * const { attemptId, otp } = await startLogin(stack, sink, email, device)
 */
export async function startLogin(
  stack: EmbeddedStack,
  sink: SmtpSink,
  email: string,
  device: DeviceKey,
  options: { ip?: string; projectId?: string; dappOrigin?: string } = {},
): Promise<{ attemptId: string; otp: string }> {
  // Earlier mails to this address may still be on their way: count them once they arrived.
  await stack.settled()
  const before = sink.mails.filter((m) => m.to.includes(email.toLowerCase())).length
  const projectId = options.projectId ?? 'test-project'
  const start = await stack.send('POST', '/v1/auth/email/start', {
    body: { projectId, email, dappOrigin: options.dappOrigin ?? DAPP },
    device,
    projectId,
    ...(options.ip ? { ip: options.ip } : {}),
  })
  assert.equal(start.status, 200, JSON.stringify(start.body))
  // The first code mail after them (a notice may arrive in between).
  for (let after = before; ; after++) {
    const mail = await sink.waitForMail(email, { after })
    if (/^\s+\d{6}\s*$/m.test(mail.text))
      return { attemptId: start.body.attemptId, otp: otpOf(mail) }
  }
}

/**
 * Logs `email` in from `device` through the mailbox; returns the session token and user.
 *
 * @example
 * const { session, user } = await login(stack, sink, 'ada@example.com', device)
 */
export async function login(
  stack: EmbeddedStack,
  sink: SmtpSink,
  email: string,
  device: DeviceKey,
  options: { ip?: string; projectId?: string; dappOrigin?: string } = {},
): Promise<{ session: { token: string; expiresAt: string }; user: Json }> {
  const { attemptId, otp } = await startLogin(stack, sink, email, device, options)
  const verify = await stack.send('POST', '/v1/auth/email/verify', {
    body: { attemptId, otp },
    device,
    ...(options.projectId ? { projectId: options.projectId } : {}),
    ...(options.ip ? { ip: options.ip } : {}),
  })
  assert.equal(verify.status, 200, JSON.stringify(verify.body))
  return verify.body
}
