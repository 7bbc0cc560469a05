// What the analytics ingest accepts (spec §7): the SDK in the query, one event in the body.
import * as v from 'valibot'

const ShortText = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max))

/** `?st=<sdk type>&sv=<sdk version>`. */
export const AnalyticsQuerySchema = v.object({ st: ShortText(64), sv: ShortText(64) })

export const AnalyticsEventSchema = v.strictObject({
  eventId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/, 'Expected an event id')),
  url: v.pipe(v.string(), v.maxLength(2048), v.url('Expected a URL')),
  domain: ShortText(255),
  timestamp: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(946_684_800_000, 'Expected milliseconds since the epoch'),
    v.maxValue(4_102_444_800_000, 'Expected milliseconds since the epoch'),
  ),
  props: v.strictObject({
    type: ShortText(64),
    event: ShortText(128),
    errorType: v.optional(v.pipe(v.string(), v.maxLength(128))),
    errorMessage: v.optional(v.pipe(v.string(), v.maxLength(4096))),
    stackTrace: v.optional(v.pipe(v.string(), v.maxLength(32_768))),
  }),
})

export type AnalyticsSdk = v.InferOutput<typeof AnalyticsQuerySchema>
export type AnalyticsEvent = v.InferOutput<typeof AnalyticsEventSchema>
