/** The frame's theme for its own dialogs, from the host's SYNC_THEME (main.ts keeps it). */
export const frameLook: { theme: 'light' | 'dark' } = { theme: 'light' }
