-- The wallet's own image from an imported explorer dump (`image_url`): an https URL, or null.
-- The registry lists it as the wallet's imageUrl; without one the image route answers the icon
-- set's icon or a monogram.
alter table wallets add column image_url text;
