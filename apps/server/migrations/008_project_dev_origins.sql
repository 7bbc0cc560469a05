-- Issue 24: a project's allowed origins are its own list. The spec's default ancestors are no
-- longer trusted by every project; a project opts in to loopback origins for development.
alter table projects add column allow_dev_origins boolean not null default false;
