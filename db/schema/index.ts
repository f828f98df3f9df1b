export * from './api-keys';
export * from './idempotency';
export * from './organizations';
export * from './users';
