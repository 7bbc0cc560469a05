// The view groups: one chunk each, a module that imports its features' views and the modal
// shell, so the first navigation to a view loads its whole group in one file.
//
// Measured with apps/size (Vite 8 / Rolldown): one `import()` per group with the shell inside
// keeps a page's entry one file; one `import()` per view, or a separate one for the shell,
// splits the entry into 6-10 initial files (+2.5 to +4.1 kB gzip of initial JS in app (a)), and
// so does a sixth group chunk (send/views.ts says why Send rides in the account chunk). A new
// feature joins a group (one `import` in that group's chunk); a new group is a measured choice.
//
// Only modal/load-modal.ts imports this table: the chunks import the shell, whose router would
// close an import circle through these `import()`s; the router reads the plain view table
// (features/index.ts) and gets the loaders from load-modal (`provideGroups`).
export const GROUPS = {
  connect: () => import('./connect/chunk.js'),
  walletconnect: () => import('./walletconnect/chunk.js'),
  network: () => import('./network/chunk.js'),
  account: () => import('./account/chunk.js'),
  email: () => import('./email/chunk.js'),
} satisfies Record<string, () => Promise<unknown>>

export type GroupName = keyof typeof GROUPS
