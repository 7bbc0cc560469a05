-- Embedded wallet, part 2 (issue 24): users per project (or per group of projects an operator
-- links), login attempts bound to the frame's device key, a mail sent after the answer, the
-- devices that hold a share of each wallet, previous shares kept for a recovery window, locks.

-- A realm is the project id, or `group:<name>` for projects an operator lets share wallets.
-- Users made before this migration were one per e-mail across projects: each keeps its wallet
-- in the project of its oldest live session (`unassigned` without one: unreachable until the
-- operator moves it).
alter table embedded.users add column realm text;
update embedded.users u set realm = coalesce(
  (select s.project_id from embedded.sessions s where s.user_id = u.id
   order by s.authenticated_at limit 1),
  'unassigned');
alter table embedded.users alter column realm set not null;
alter table embedded.users drop constraint users_email_key;
alter table embedded.users add constraint users_realm_email unique (realm, email);
-- Set by the visitor's lock link: logins, recoveries and share reads are refused until the
-- operator clears it.
alter table embedded.users add column locked_at timestamptz;

-- The device key that started the attempt (only it may verify the code) and the fate of the
-- mail, which is sent after the answer.
alter table embedded.otp_codes add column jkt text;
alter table embedded.otp_codes add column mail_status text not null default 'sent'
  check (mail_status in ('sending', 'sent', 'failed'));
drop index embedded.otp_codes_email;
create index otp_codes_email on embedded.otp_codes (project_id, email, purpose, jkt)
  where used_at is null and superseded_at is null;

-- When this session fetched the recovery share (a new device): only then does it get the
-- auth share without being a known device.
alter table embedded.sessions add column recovered_at timestamptz;

-- The device keys that hold a device share of a wallet, and the share version they hold.
create table embedded.wallet_devices (
  user_id text not null references embedded.users (id) on delete cascade,
  jkt text not null,
  version integer not null,
  created_at timestamptz not null,
  primary key (user_id, jkt)
);

-- Shares replaced by a rotation, kept (sealed as before) until `kept_until` so that a device
-- holding a share of that version can still rebuild the key during the recovery window.
create table embedded.wallet_share_history (
  user_id text not null references embedded.users (id) on delete cascade,
  version integer not null,
  commitment jsonb not null,
  recovery text not null,
  -- What opens this version's recovery share (005_recovery_factor.sql).
  recovery_factor jsonb not null,
  auth_share text not null,
  recovery_share text not null,
  replaced_at timestamptz not null,
  kept_until timestamptz not null,
  primary key (user_id, version)
);

-- Locks of an e-mail address after too many wrong codes (NIST SP 800-63B 5.2.2): each new
-- lock lasts twice the previous one.
create table embedded.email_locks (
  realm text not null,
  email text not null,
  locked_until timestamptz not null,
  locks integer not null,
  primary key (realm, email)
);

-- The links of the notice mails that lock a wallet ("not you?"): only their hash is stored.
create table embedded.lock_links (
  token_hash text primary key,
  user_id text not null references embedded.users (id) on delete cascade,
  expires_at timestamptz not null
);
