-- Sign-In With X (issue 16): single-use nonces, sessions, and the server's signing secret.

-- Nonces issued by GET /v1/auth/nonce: each accepted once (used_at), refused after expires_at.
create table auth_nonces (
  nonce text primary key,
  project_id text not null references projects (project_id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index auth_nonces_expiry on auth_nonces (expires_at);

-- One row per sign-in: the signed message and signature, found by the SHA-256 of its bearer
-- token (the token itself is never stored). Sign-out deletes the row.
create table auth_sessions (
  id text primary key,
  project_id text not null references projects (project_id) on delete cascade,
  token_hash text not null unique,
  chain_id text not null,
  address text not null,
  message text not null,
  signature text not null,
  -- The CAIP-74 Cacao of a WalletConnect one-click sign-in, as the wallet gave it.
  cacao jsonb,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index auth_sessions_account on auth_sessions (project_id, chain_id, address);

-- Secrets every instance sharing the database must agree on (the nonce tokens' HMAC key).
create table server_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
