-- Issue 26: Sign In With Farcaster. The relay's channels (the routes `@farcaster/auth-client`
-- calls: channel, authenticate, status). Only the hash of a channel token is stored. A channel
-- the secure frame opened for a login names its attempt in embedded.social_attempts (provider
-- 'farcaster'), which the server completes once the custody signature is verified.
create table embedded.farcaster_channels (
  token_hash text primary key,
  attempt_id text references embedded.social_attempts (id) on delete cascade,
  nonce text not null,
  domain text not null,
  siwe_uri text not null,
  url text not null,
  state text not null check (state in ('pending', 'completed')),
  -- What the wallet posted and the relay checked: message, signature, fid, custody, names.
  result jsonb,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index farcaster_channels_expiry on embedded.farcaster_channels (expires_at);
