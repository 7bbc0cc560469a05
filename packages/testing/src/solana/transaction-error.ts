// litesvm's transaction errors in the JSON shape and wording of a Solana (Agave) RPC node, so
// @solana/web3.js reports them as it would against a real cluster.

/** `TransactionError` as the RPC serializes it: a name, or `{ Name: fields }`. */
export type TransactionErrorJson = string | Record<string, unknown>

// litesvm's `TransactionErrorFieldless` and `InstructionErrorFieldless` (const enums) in order.
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

// Agave's Display texts for the errors a wallet user meets most.
const TRANSACTION_TEXTS: Record<string, string> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
}
const INSTRUCTION_TEXTS: Record<string, string> = {
  InsufficientFunds: 'insufficient funds for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
}

const kind = (value: unknown) => (value as { constructor?: { name?: string } })?.constructor?.name

function instructionErrorJson(error: unknown): unknown {
  if (typeof error === 'number') return INSTRUCTION_ERRORS[error] ?? 'GenericError'
  if (kind(error) === 'InstructionErrorCustom') return { Custom: (error as { code: number }).code }
  return { BorshIoError: String(error) }
}

/**
 * The RPC JSON of a litesvm transaction error (`FailedTransactionMetadata.err()`).
 *
 * @example toTransactionErrorJson(failed.err()) // { InsufficientFundsForRent: { account_index: 1 } }
 */
export function toTransactionErrorJson(error: unknown): TransactionErrorJson {
  if (typeof error === 'number') return TRANSACTION_ERRORS[error] ?? 'SanitizeFailure'
  const fields = error as { index?: number; accountIndex?: number; err?: () => unknown }
  switch (kind(error)) {
    case 'TransactionErrorInstructionError':
      return { InstructionError: [fields.index, instructionErrorJson(fields.err?.())] }
    case 'TransactionErrorDuplicateInstruction':
      return { DuplicateInstruction: fields.index }
    case 'TransactionErrorInsufficientFundsForRent':
      return { InsufficientFundsForRent: { account_index: fields.accountIndex } }
    case 'TransactionErrorProgramExecutionTemporarilyRestricted':
      return { ProgramExecutionTemporarilyRestricted: { account_index: fields.accountIndex } }
    default:
      return String(error)
  }
}

/**
 * The text an Agave node gives for a transaction error.
 *
 * @example
 * transactionErrorText({ InsufficientFundsForRent: { account_index: 1 } })
 * // 'Transaction results in an account (1) with insufficient funds for rent'
 */
export function transactionErrorText(error: TransactionErrorJson): string {
  if (typeof error === 'string') return TRANSACTION_TEXTS[error] ?? error
  const [name, value] = Object.entries(error)[0] ?? ['Unknown', undefined]
  switch (name) {
    case 'InsufficientFundsForRent':
      return `Transaction results in an account (${(value as { account_index: number }).account_index}) with insufficient funds for rent`
    case 'InstructionError': {
      const [index, inner] = value as [number, unknown]
      const text =
        typeof inner === 'string'
          ? (INSTRUCTION_TEXTS[inner] ?? inner)
          : inner && typeof inner === 'object' && 'Custom' in inner
            ? `custom program error: 0x${Number((inner as { Custom: number }).Custom).toString(16)}`
            : JSON.stringify(inner)
      return `Error processing Instruction ${index}: ${text}`
    }
    case 'DuplicateInstruction':
      return `Transaction contains a duplicate instruction (${String(value)}) that is not allowed`
    default:
      return `${name}: ${JSON.stringify(value)}`
  }
}
