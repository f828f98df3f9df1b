export * from './api-keys';
export * from './applications';
export * from './categories';
export * from './idempotency';
export * from './jobs';
export * from './locations';
export * from './organizations';
export * from './users';
