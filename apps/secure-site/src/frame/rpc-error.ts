/** An error the host gets as an EIP-1193 error (numeric code, message). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}
