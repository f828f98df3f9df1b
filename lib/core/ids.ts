import { v7 as uuidv7 } from 'uuid';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A new id: UUID v7, time-ordered so b-tree inserts stay local. */
export const newId = (): string => uuidv7();

export const isUuid = (value: string): boolean => uuidPattern.test(value);
