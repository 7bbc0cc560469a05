// Mocha's globals as WTR provides them (@types/mocha is not a dependency).
type MochaHook = (this: { timeout(ms: number): void }) => void | Promise<void>

declare function describe(name: string, body: () => void): void
declare function it(name: string, body: MochaHook): void
declare function beforeEach(body: MochaHook): void
declare function afterEach(body: MochaHook): void
declare function before(body: MochaHook): void
declare function after(body: MochaHook): void
