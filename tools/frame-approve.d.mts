export declare const REST_MS: number
export interface RestingClickTarget {
  hover(options?: { timeout?: number }): Promise<unknown>
  click(options?: { timeout?: number }): Promise<unknown>
}
export declare function clickAfterRest(
  button: RestingClickTarget,
  options?: { timeout?: number },
): Promise<void>
