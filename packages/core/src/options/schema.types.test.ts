import assert from 'node:assert/strict'
import { test } from 'node:test'
import type * as v from 'valibot'
import type { buildSchemas, ModalOptions, ResolvedOptions } from './schema.js'

// The option interfaces are what hosts read in their editor (and what docs/options.md shows);
// the valibot schema is what runs. These types tie them field by field: `typecheck` fails when
// a field is added to one and not the other, or when a field's type changes on one side only.
// `ModalOptions` is the schema's input type, `ResolvedOptions` its output with the defaults.

type OptionsSchema = ReturnType<typeof buildSchemas>['optionsSchema']

/**
 * A type as the schema can say it: `readonly` dropped (the interfaces promise hosts that the
 * kit never writes to their arrays; valibot's types have no such promise), and the index
 * signature of a loose object dropped (its unknown keys are kept, the interfaces name the
 * known ones). Everything else must be equal.
 */
type Plain<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer Item)[]
    ? Plain<Item>[]
    : T extends object
      ? { -readonly [K in keyof T as string extends K ? never : K]: Plain<T[K]> }
      : T

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

type Optional<T, K extends keyof T> = Partial<Pick<T, K>> extends Pick<T, K> ? true : false

/** The keys of A and B whose types or optionality differ, or that one lacks. */
type Drift<A, B> = {
  [K in keyof A | keyof B]-?: K extends keyof A & keyof B
    ? Same<Plain<Exclude<A[K], undefined>>, Plain<Exclude<B[K], undefined>>> extends true
      ? Optional<A, K> extends Optional<B, K>
        ? never
        : K
      : K
    : K
}[keyof A | keyof B]

type Input = v.InferInput<OptionsSchema>
type Output = v.InferOutput<OptionsSchema>

const input: Same<Drift<Input, ModalOptions>, never> = true
// `defaultNetwork` is the one default parseOptions computes (from `networks`): its type is
// tied, its optionality is not.
const output: Same<
  Drift<Omit<Output, 'defaultNetwork'>, Omit<ResolvedOptions, 'defaultNetwork'>>,
  never
> = true
const start: Same<
  Exclude<Output['defaultNetwork'], undefined>,
  ResolvedOptions['defaultNetwork']
> = true

// Proves the check can fail: a field whose type differs, and one the other side lacks.
const changed: Drift<{ a: string; b: number }, { a: string; b: string }> = 'b'
const missing: Drift<{ a: string; b?: number }, { a: string }> = 'b'
const optional: Drift<{ a?: string }, { a: string }> = 'a'
const kept: Same<Drift<{ a: readonly string[] }, { a: string[] }>, never> = true

test('ModalOptions is the schema input and ResolvedOptions its output, field by field', () => {
  assert.equal(input, true)
  assert.equal(output, true)
  assert.equal(start, true)
  assert.deepEqual([changed, missing, optional, kept], ['b', 'b', 'a', true])
})
