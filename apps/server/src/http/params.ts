// Reading requests: comma lists, picked query parameters, JSON bodies, the public base URL.
import type { Context } from 'hono'
import { HttpError } from './errors.js'

/** `'a, b,,c'` → `['a', 'b', 'c']`. */
export const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)

// biome-ignore lint/suspicious/noExplicitAny: reads any app's request
type AnyContext = Context<any>

/**
 * Only the named query parameters (projectId is the access check's); unknown ones are ignored
 * like on the other endpoints. Absent ones are present as undefined, so a required one fails
 * with its own message ("chainId is required").
 *
 * @example
 * parseInput(AccountQuerySchema, pickQuery(c, ['chainId']), 'query')
 */
export function pickQuery(
  c: AnyContext,
  names: readonly string[],
): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, c.req.query(name)]))
}

/**
 * The body parsed as JSON whatever its content type (sendBeacon posts text/plain), or a 400
 * `Invalid <what>: the body is not valid JSON`. A body limit's HttpError passes through.
 *
 * @example
 * const json = await readJsonBody(c, 'event')
 */
export async function readJsonBody(c: AnyContext, what: string): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text())
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw new HttpError(400, 'BAD_REQUEST', `Invalid ${what}: the body is not valid JSON`)
  }
}

/** Base of absolute URLs in answers: the configured public URL, else the request's origin. */
export const baseUrlOf = (c: AnyContext, publicUrl: string | undefined): string =>
  publicUrl ?? new URL(c.req.url).origin
