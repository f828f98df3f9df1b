// The board's public module for other domains (alert mails carry the board's look and search links).
export { type ResolvedLook, resolveLook } from './look';
export { type BoardSearch, searchQueryString } from './search-params';
