import type { ReactiveController, ReactiveControllerHost } from 'lit'
import { tError } from '../i18n/index.js'

export interface AttemptOptions {
  /** Called once, the first time the host is connected: the attempt a view opens with. */
  firstRun?: () => unknown
  /** The text shown for a failure, or `undefined` to stay silent. Defaults to `tError` (the catalog's text). */
  message?: (error: unknown) => string | undefined
}

/**
 * Runs an async attempt for a Lit element (connect, switch network, …) and keeps what the
 * element shows about it: `pending` while it runs, `error` (the failure's text) once it failed,
 * cleared by the next attempt (Try again). Re-renders the host on every change.
 *
 * @example
 * class MyView extends LitElement {
 *   attempt = new AttemptController(this, { firstRun: () => this.start() })
 *   async start() {
 *     if (await this.attempt.run(() => connect({ connectorId }))) closeModal()
 *   }
 *   render() { return html`${this.attempt.pending ? 'Connecting…' : this.attempt.error}` }
 * }
 */
export class AttemptController implements ReactiveController {
  /** Whether an attempt is running. */
  pending = false
  /** The last attempt's failure, as the text to show. */
  error: string | undefined
  private started = false
  private generation = 0

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: AttemptOptions = {},
  ) {
    host.addController(this)
  }

  hostConnected(): void {
    if (this.started || !this.options.firstRun) return
    this.started = true
    void this.options.firstRun()
  }

  /**
   * Runs `task`; resolves `true` when it succeeded, `false` when it failed (see `error`). A run
   * started while another is pending (Try again on a wallet that never answered) supersedes
   * it: the older run's outcome is ignored and it resolves `false`.
   */
  async run(task: () => Promise<unknown>): Promise<boolean> {
    const generation = ++this.generation
    this.error = undefined
    this.pending = true
    this.host.requestUpdate()
    let succeeded = false
    let failure: unknown
    try {
      await task()
      succeeded = true
    } catch (error) {
      failure = error
    }
    if (generation !== this.generation) return false
    if (!succeeded) this.error = (this.options.message ?? tError)(failure)
    this.pending = false
    this.host.requestUpdate()
    return succeeded
  }

  /** Shows `message` as the failure without running anything (the attempt cannot start). */
  fail(message: string): void {
    this.error = message
    this.host.requestUpdate()
  }
}
