-- Projects: what a projectId resolves to. Lists are jsonb so both PGlite and PostgreSQL
-- return them as parsed arrays without array-type parsers.
create table projects (
  project_id text primary key,
  name text not null,
  allowed_origins jsonb not null default '[]'::jsonb,
  features jsonb not null,
  chains jsonb not null default '[]'::jsonb,
  -- 'config' rows are rewritten from openmodal.config.json at every start; 'cli' rows are not.
  source text not null default 'cli' check (source in ('config', 'cli')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The wallet registry behind the AllWallets view.
create table wallets (
  id text primary key,
  name text not null,
  rdns text,
  homepage text,
  mobile_link text,
  desktop_link text,
  webapp_link text,
  app_store text,
  play_store text,
  chains jsonb not null default '[]'::jsonb,
  featured boolean not null default false,
  -- Lower ranks list first (after featured wallets).
  rank integer not null default 1000,
  -- Background of the generated monogram image (#rrggbb).
  color text not null,
  source text not null default 'seed' check (source in ('seed', 'import')),
  updated_at timestamptz not null default now()
);
create index wallets_listing on wallets (featured desc, rank, name);
create index wallets_lower_name on wallets (lower(name));

-- Analytics events (spec §7 POST /e), one row per (project, eventId).
create table analytics_events (
  project_id text not null references projects (project_id) on delete cascade,
  event_id text not null,
  sdk_type text not null,
  sdk_version text not null,
  url text not null,
  domain text not null,
  occurred_at timestamptz not null,
  type text not null,
  event text not null,
  error_type text,
  error_message text,
  stack_trace text,
  received_at timestamptz not null default now(),
  primary key (project_id, event_id)
);
create index analytics_events_received on analytics_events (project_id, received_at);
