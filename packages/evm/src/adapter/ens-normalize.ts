// ENSIP-15 normalisation for names beyond lower-case ASCII: its Unicode tables are large, so
// ens.ts loads this module with `import()` only for such names.
export { normalize } from 'viem/ens'
