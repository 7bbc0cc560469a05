import assert from 'node:assert/strict'
import { test } from 'node:test'
import type * as v from 'valibot'
import type { buildSchemas, ModalOptions } from './schema.js'

// The option interfaces are what hosts read in their editor; the valibot schema is what runs.
// These types tie them field by field: `typecheck` fails when a field is added to one and not
// the other, or when a field's type changes on one side only.

type Schemas = ReturnType<typeof buildSchemas>
type SchemaOutput = v.InferOutput<Schemas['optionsSchema']>

/** The keys of A and B whose types differ (either way, `undefined` aside) or that one lacks. */
type Drift<A, B> = {
  [K in keyof A | keyof B]-?: K extends keyof A & keyof B
    ? [Exclude<A[K], undefined>] extends [Exclude<B[K], undefined>]
      ? [Exclude<B[K], undefined>] extends [Exclude<A[K], undefined>]
        ? never
        : K
      : K
    : K
}[keyof A | keyof B]

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/**
 * The fields whose schema type is not yet exactly the interface's (readonly arrays in the
 * interfaces, mutable in valibot's output; `Partial<Features>` against the feature object;
 * the adapter and network leaves). This list may only shrink: a new field, or a changed one,
 * that differs fails the typecheck.
 */
type KnownDrift =
  | 'adapters'
  | 'allowWallets'
  | 'connectMethodsOrder'
  | 'defaultAccountTypes'
  | 'excludeWallets'
  | 'features'
  | 'metadata'
  | 'networks'

const tied: Same<Drift<SchemaOutput, ModalOptions>, KnownDrift> = true

test('the option schema and ModalOptions differ only in the known fields', () => {
  assert.equal(tied, true)
})
