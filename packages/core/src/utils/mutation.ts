// A write to the server (or a wallet) with its state in a store (spec §4 "Mutations").
import { atom, type ReadableAtom } from 'nanostores'

/** Where a mutation is (spec §4 "Mutations: idle, pending, success, error; paused offline"). */
export interface MutationState<R> {
  status: 'idle' | 'pending' | 'success' | 'error'
  /** Pending, but waiting for the browser to be online again before it runs. */
  paused: boolean
  data: R | undefined
  error: unknown
}

export interface Mutation<A, R> {
  /** The state of the newest `mutate` call. */
  $state: ReadableAtom<MutationState<R>>
  /** Runs the mutation (after waiting to be online); resolves with its result or rejects. */
  mutate(args: A): Promise<R>
  /** Back to idle; a call still running no longer changes `$state`. */
  reset(): void
}

const offline = () =>
  typeof window !== 'undefined' && typeof navigator !== 'undefined' && navigator.onLine === false

export interface MutationOptions {
  /**
   * One call at a time: a call made while one is pending joins it (same promise) instead of
   * running again, so a double click never writes twice.
   */
  exclusive?: boolean
}

/**
 * Creates a mutation: a write to the server (or a wallet) with its state in a store, so views
 * show pending, success and error without flags of their own. Offline, it waits paused until
 * the browser is online again. Only the newest call updates `$state`.
 *
 * @example
 * const register = createMutation((name: string) => registerAccountName({ name, address, chainId }))
 * await register.mutate('alice-01')
 * register.$state.get().status // 'success'
 */
/* @__NO_SIDE_EFFECTS__ */
export function createMutation<A, R>(
  run: (args: A) => Promise<R>,
  options: MutationOptions = {},
): Mutation<A, R> {
  const idle: MutationState<R> = {
    status: 'idle',
    paused: false,
    data: undefined,
    error: undefined,
  }
  const $state = atom(idle)
  let turn = 0
  const set = (mine: number, state: Partial<MutationState<R>>) => {
    if (mine === turn) $state.set({ ...idle, ...state })
  }
  let pending: Promise<R> | undefined
  const mutate = async (args: A): Promise<R> => {
    const mine = ++turn
    if (offline()) {
      set(mine, { status: 'pending', paused: true })
      await new Promise((resolve) => window.addEventListener('online', resolve, { once: true }))
    }
    set(mine, { status: 'pending' })
    try {
      const data = await run(args)
      set(mine, { status: 'success', data })
      return data
    } catch (error) {
      set(mine, { status: 'error', error })
      throw error
    }
  }
  return {
    $state,
    mutate(args) {
      if (!options.exclusive) return mutate(args)
      pending ??= mutate(args).finally(() => {
        pending = undefined
      })
      return pending
    },
    reset() {
      turn++
      $state.set(idle)
    },
  }
}
