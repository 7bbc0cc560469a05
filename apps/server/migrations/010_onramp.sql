-- Issue 28: on-ramp. A project's provider settings (secrets included: they never leave the
-- server) and the purchases started through them, one row per session.
alter table projects add column onramp jsonb;
-- Spec §6 restricted time zones: when on, the kit hides swap and on-ramp for visitors there.
alter table projects add column restricted_timezones boolean not null default false;

create table onramp_purchases (
  id text primary key,
  project_id text not null references projects (project_id) on delete cascade,
  provider text not null,
  status text not null check (status in ('pending', 'processing', 'completed', 'failed')),
  chain_id text not null,
  address text not null,
  asset text not null,
  currency text not null,
  method text not null,
  amount numeric not null,
  crypto_amount text,
  tx_hash text,
  -- The provider's own reference of this purchase (Coinbase's partnerUserRef).
  provider_ref text,
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
create index onramp_purchases_account on onramp_purchases (project_id, chain_id, address, created_at desc);
