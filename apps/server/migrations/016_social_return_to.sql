-- Issue 26, Telegram mini apps: a social login started inside a Telegram mini app leaves the
-- page for the provider (no popup there) and comes back to it: the address to send the visitor
-- back to, on the page's own origin, with `result_uri`. Null for the popup flow.
alter table embedded.social_attempts add column return_to text;
