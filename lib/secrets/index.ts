// The secrets vault's public module for other domains.
export { openSealed, SealedValueError, sealSecret } from './crypto';
export { isSecretRef, resolveSecretRef, secretRefSchema } from './resolve';
