// The CMS domain: collections with field schemas, their items, and the public read/submit side.
export * from './collections';
export * from './expiry';
export * from './items';
export * from './public';
