import { type ComputedRef, computed } from 'vue'

/** Every field of `T` as a read-only computed ref (optional fields hold `undefined`). */
export type ToComputedRefs<T> = { readonly [K in keyof T]-?: ComputedRef<T[K]> }

/**
 * Splits a reactive object into one computed ref per field, so callers can destructure it
 * (`const { address, isConnected } = useModalAccount()`) and a template re-renders only when a
 * field it reads changes. `keys` must name every field: the composables that call this prove it
 * with `satisfies` against their return type.
 */
export function toComputedRefs<T extends object>(
  source: () => T,
  keys: readonly (keyof T)[],
): ToComputedRefs<T> {
  const whole = computed(source)
  return Object.freeze(
    Object.fromEntries(keys.map((key) => [key, computed(() => whole.value[key])])),
  ) as ToComputedRefs<T>
}

/** `true` only when `Keys` lists every key of `T`: a type-level completeness check. */
export type AllKeys<T, Keys extends readonly (keyof T)[]> = [
  Exclude<keyof T, Keys[number]>,
] extends [never]
  ? Keys
  : { missing: Exclude<keyof T, Keys[number]> }
