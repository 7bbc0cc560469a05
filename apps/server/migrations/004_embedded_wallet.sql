-- Embedded wallet (issue 17): e-mail one-time codes, device-bound sessions, the share vault and
-- the database rate limits behind them. Everything lives in its own schema so that the auth
-- state of the embedded wallet can be granted, backed up or dropped apart from the rest.
-- Times are written by the server's clock (parameters), never by now(), so that every instance
-- and the tests agree on one clock.
create schema if not exists embedded;

-- One user per e-mail address (stored lower-cased).
create table embedded.users (
  id text primary key,
  email text not null unique,
  created_at timestamptz not null
);

-- One row per code sent. Only the HMAC of the code is stored. A flow (login, or one e-mail
-- update) has one id, the attemptId the client holds; an update flow sends two codes.
create table embedded.otp_codes (
  id text primary key,
  flow_id text not null,
  purpose text not null check (purpose in ('login', 'update_primary', 'update_secondary')),
  project_id text not null references public.projects (project_id) on delete cascade,
  email text not null,
  dapp_origin text not null,
  code_hmac text not null,
  user_id text references embedded.users (id) on delete cascade,
  new_email text,
  tries integer not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  superseded_at timestamptz
);
create index otp_codes_flow on embedded.otp_codes (flow_id, purpose, created_at desc);
create index otp_codes_email on embedded.otp_codes (project_id, email, purpose) where used_at is null and superseded_at is null;

-- Sessions, found by the SHA-256 of their opaque bearer token (the token is never stored) and
-- bound to the RFC 7638 thumbprint of the device key that proved possession at login.
create table embedded.sessions (
  id text primary key,
  token_hash text not null unique,
  user_id text not null references embedded.users (id) on delete cascade,
  project_id text not null references public.projects (project_id) on delete cascade,
  dapp_origin text not null,
  jkt text not null,
  authenticated_at timestamptz not null,
  expires_at timestamptz not null
);
create index sessions_user on embedded.sessions (user_id);

-- Proof ids seen per device key until their proof would be too old anyway: a replay is refused.
create table embedded.proof_jtis (
  jkt text not null,
  jti text not null,
  expires_at timestamptz not null,
  primary key (jkt, jti)
);
create index proof_jtis_expiry on embedded.proof_jtis (expires_at);

-- Sliding-window rate limits shared by every instance: one row per counted event.
create table embedded.rate_events (
  bucket text not null,
  at timestamptz not null
);
create index rate_events_bucket on embedded.rate_events (bucket, at);

-- The share vault: the auth share and the recovery share AES-GCM encrypted under the server's
-- vault key (see src/embedded/vault-crypto.ts), with the addresses committed at creation.
create table embedded.wallets (
  user_id text primary key references embedded.users (id) on delete cascade,
  commitment jsonb not null,
  recovery text not null check (recovery in ('automatic', 'passphrase')),
  auth_share text not null,
  recovery_share text not null,
  version integer not null default 1,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
