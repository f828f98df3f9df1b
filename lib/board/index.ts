// The board's public module for other domains (alert mails carry the board's search links).
export { type BoardSearch, searchQueryString } from './search-params';
