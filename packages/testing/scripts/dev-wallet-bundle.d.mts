/** Bundles the dev wallet; returns the code when `write` is false (default). */
export function bundleDevWallet(options?: { write?: boolean }): Promise<string | undefined>
