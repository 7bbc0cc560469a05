-- New device = notice + delay (issue 24): a device that recovered the wallet through the
-- new-device endpoint may use it at once, but may not change the recovery factor or the e-mail
-- until its hold ends, so the visitor has time to read the notice mail and use its lock link.

-- The hold's length per project, in milliseconds (24 h by default; 0 turns it off).
alter table projects add column recovery_hold_ms bigint not null default 86400000
  check (recovery_hold_ms >= 0);

-- When each device key recovered a user's wallet, and until when it is held. Written by
-- POST /v1/wallet/recovery; a later recovery by the same key starts a new hold.
create table embedded.recovery_holds (
  user_id text not null references embedded.users (id) on delete cascade,
  jkt text not null,
  recovered_at timestamptz not null,
  held_until timestamptz not null,
  primary key (user_id, jkt)
);
