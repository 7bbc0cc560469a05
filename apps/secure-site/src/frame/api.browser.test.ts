import { expect } from '@open-wc/testing'
import { ApiError, createApi } from './api.js'

// The frame's API client against a server that sheds load (web-test-runner.config.mjs): the
// real client, the real device key in IndexedDB, real fetch.
const requests = async (project: string): Promise<{ path: string; proof: string }[]> =>
  (await fetch(`/__stand-in/requests?project=${project}`)).json()

describe("the frame's API client", () => {
  it('sends a call again after a 503 and its Retry-After, with a fresh proof', async () => {
    const api = createApi(location.origin, 'shed-once', 'session-token')
    const started = performance.now()
    const me = await api.me()
    expect(me.user.email).to.equal('a@example.com')
    const calls = await requests('shed-once')
    expect(calls.map((call) => call.path)).to.deep.equal(['/v1/me', '/v1/me'])
    // One-time proofs: the server would refuse the first one sent twice.
    expect(calls[0]?.proof).to.be.a('string').and.not.equal(calls[1]?.proof)
    expect(performance.now() - started).to.be.at.least(1_000) // Retry-After: 1
  })

  it('shows an answer that says no at once, without sending it again', async () => {
    const api = createApi(location.origin, 'refuse', 'session-token')
    let error: unknown
    await api.me().catch((caught) => {
      error = caught
    })
    expect(error).to.be.instanceOf(ApiError)
    expect((error as ApiError).status).to.equal(400)
    expect((error as ApiError).message).to.equal('No such attempt')
    expect(await requests('refuse')).to.have.length(1)
  })

  it("keeps a 429's Retry-After, so the host can say when to try again", async () => {
    const api = createApi(location.origin, 'limited', 'session-token')
    const error = await api.me().catch((caught: unknown) => caught)
    expect(error).to.be.instanceOf(ApiError)
    expect((error as ApiError).code).to.equal('RATE_LIMITED')
    expect((error as ApiError).retryAfter).to.equal(12)
    expect(await requests('limited')).to.have.length(1)
  })
})
