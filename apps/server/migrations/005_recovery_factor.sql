-- Recovery that only the visitor can open, by default. A project opts into operator-held
-- (`custodial`) recovery explicitly; a wallet's recovery share is kept as an opaque blob beside
-- a descriptor of the factor that opens it (kind, passkey credential id and PRF salt, or the
-- passphrase's Argon2id salt and costs).
alter table projects
  add column recovery text not null default 'non-custodial'
  check (recovery in ('non-custodial', 'custodial'));

alter table embedded.wallets drop constraint wallets_recovery_check;
alter table embedded.wallets add column recovery_factor jsonb;
-- `automatic` was the operator-held mode: it is `custodial` now.
update embedded.wallets set recovery = 'custodial', recovery_factor = '{"kind":"custodial"}'
  where recovery = 'automatic';
-- Passphrase wallets wrapped before: format 1 carries its salt; its costs were 19 MiB x 2.
update embedded.wallets set recovery_factor =
  '{"kind":"passphrase","kdf":{"name":"argon2id","m":19456,"t":2,"p":1}}'
  where recovery = 'passphrase';
alter table embedded.wallets alter column recovery_factor set not null;
alter table embedded.wallets add constraint wallets_recovery_check
  check (recovery in ('custodial', 'passkey', 'passphrase') and recovery = recovery_factor ->> 'kind');
