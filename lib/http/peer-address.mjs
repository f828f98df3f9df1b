// The request header server.mjs sets from the TCP connection (shared with lib/http/client-address.ts).
export const PEER_ADDRESS_HEADER = 'x-boardkit-peer-address';
