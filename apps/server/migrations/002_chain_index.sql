-- The chain indexer (issue 8): transfers of every configured EVM chain, a cursor per chain,
-- the recent block hashes that detect reorgs, token metadata, and registered names.
-- Addresses and hashes are lower-case 0x hex; amounts are numeric(78,0) (any uint256);
-- block numbers are bigint and timestamps unix seconds, so PGlite and PostgreSQL agree.

-- Where each chain's indexer stands: the last block it committed.
create table indexer_cursors (
  chain_id text primary key,
  block_number bigint not null,
  block_hash text not null,
  updated_at timestamptz not null default now()
);

-- Hashes of the last blocks of each chain (a short window, pruned as the cursor moves): the
-- next block's parent hash is compared with these to find a reorg's common ancestor.
create table indexer_blocks (
  chain_id text not null,
  block_number bigint not null,
  block_hash text not null,
  parent_hash text not null,
  primary key (chain_id, block_number)
);

-- Transactions that moved something (native value, ERC-20, ERC-721 or ERC-1155).
create table chain_transactions (
  chain_id text not null,
  tx_hash text not null,
  block_number bigint not null,
  block_hash text not null,
  tx_index integer not null,
  mined_at bigint not null,
  from_address text not null,
  to_address text,
  -- false: the transaction reverted (its native value did not move; it has no logs).
  success boolean not null,
  primary key (chain_id, tx_hash)
);
create index chain_transactions_block on chain_transactions (chain_id, block_number);

-- One row per movement. log_index is -1 for the native value of the transaction; batch_index
-- numbers the entries of an ERC-1155 TransferBatch (0 otherwise).
create table chain_transfers (
  chain_id text not null,
  tx_hash text not null,
  log_index integer not null,
  batch_index integer not null default 0,
  block_number bigint not null,
  kind text not null check (kind in ('native', 'erc20', 'erc721', 'erc1155')),
  contract text,
  from_address text not null,
  to_address text not null,
  token_id numeric(78, 0),
  amount numeric(78, 0) not null,
  primary key (chain_id, tx_hash, log_index, batch_index)
);
create index chain_transfers_block on chain_transfers (chain_id, block_number);
create index chain_transfers_from on chain_transfers (chain_id, from_address, kind);
create index chain_transfers_to on chain_transfers (chain_id, to_address, kind);

-- The history of an address: each transaction once per address it touched, in chain order.
create table account_transactions (
  chain_id text not null,
  address text not null,
  block_number bigint not null,
  tx_index integer not null,
  tx_hash text not null,
  primary key (chain_id, address, tx_hash)
);
create index account_transactions_order
  on account_transactions (chain_id, address, block_number desc, tx_index desc);
create index account_transactions_block on account_transactions (chain_id, block_number);

-- Token metadata read once by eth_call (null where the contract does not answer).
create table token_metadata (
  chain_id text not null,
  address text not null,
  standard text not null check (standard in ('erc20', 'erc721', 'erc1155')),
  name text,
  symbol text,
  decimals integer,
  fetched_at timestamptz not null default now(),
  primary key (chain_id, address)
);

-- tokenURI / uri of NFTs, read once by eth_call.
create table nft_metadata (
  chain_id text not null,
  contract text not null,
  token_id numeric(78, 0) not null,
  token_uri text,
  fetched_at timestamptz not null default now(),
  primary key (chain_id, contract, token_id)
);

-- Registered account names (spec §5): one name per address; names are unique ignoring case.
create table account_names (
  name_key text primary key,
  name text not null,
  address text not null unique,
  registered_at timestamptz not null default now()
);
