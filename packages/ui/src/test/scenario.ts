// The pseudo-locale scenarios of a feature (features/<feature>/pseudo-locale.ts): how each of
// its views is reached, in the state that shows the most of its text. i18n/pseudo-locale.test.ts
// finds every feature's through features/index.ts, and fails for a view that has none.
import type { View } from '@openmodal/core/internal'

/** One function per view of the feature; each leaves the modal open on its view. */
export type Scenarios = Partial<Record<View, () => Promise<void>>>
