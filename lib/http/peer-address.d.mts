export declare const PEER_ADDRESS_HEADER = 'x-boardkit-peer-address';
