/** Command-line flags for headless Debian Chromium in tests. */
export const CHROMIUM_ARGS: string[]
/** The system Chromium (CHROMIUM_PATH, else the first on PATH); throws when there is none. */
export function chromiumPath(): string
