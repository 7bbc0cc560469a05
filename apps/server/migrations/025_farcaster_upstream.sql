-- Issue 26: Sign In With Farcaster through an upstream relay (OPENMODAL_FARCASTER_RELAY_URL).
-- A login's channel is then opened at that relay; its token is kept (a bearer token the
-- server reads the channel's status with, for the channel's hour) and the row is deleted once
-- the login completes, fails or is cancelled. Our own relay routes never serve such a row.
alter table embedded.farcaster_channels add column upstream_token text;
