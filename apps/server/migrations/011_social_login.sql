-- Issue 26: social login. A project's provider settings (client id and secret; endpoints only
-- when they differ from the provider's own), users without an e-mail, the identities a
-- provider vouches for, and the login attempts the server completes itself.
alter table projects add column social jsonb not null default '{}'::jsonb;

-- A user made by a social login has an e-mail only when the provider verified one.
alter table embedded.users alter column email drop not null;

-- One identity per (realm, provider, subject): the provider's stable id of the visitor.
create table embedded.social_identities (
  realm text not null,
  provider text not null,
  subject text not null,
  user_id text not null references embedded.users (id) on delete cascade,
  username text,
  email text,
  created_at timestamptz not null,
  primary key (realm, provider, subject)
);

-- A login through a provider: started by the frame's device key (only it may collect the
-- session), completed by the server at the callback. Only the hash of `state` is stored; the
-- PKCE verifier and the nonce never leave the server.
create table embedded.social_attempts (
  id text primary key,
  state_hash text not null unique,
  project_id text not null references public.projects (project_id) on delete cascade,
  provider text not null,
  dapp_origin text not null,
  jkt text not null,
  code_verifier text not null,
  nonce text not null,
  redirect_uri text not null,
  status text not null check (status in ('pending', 'exchanging', 'done', 'failed', 'collected')),
  error text,
  user_id text references embedded.users (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index social_attempts_expiry on embedded.social_attempts (expires_at);
