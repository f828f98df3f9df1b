// The gazetteer file's container: a JSON header (version, small tables, where each column lies),
// then the columns' bytes. Read with one file read; each column becomes one string or typed array.

const arrayTypes = { Uint8Array, Int16Array, Uint16Array, Int32Array, Uint32Array, Float64Array };
type ArrayType = keyof typeof arrayTypes;
export type Column = string | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float64Array;

interface Header<Meta> {
  version: string;
  meta: Meta;
  /** Each column's type (`string`: UTF-8) and byte range after the header. */
  columns: Record<string, [type: ArrayType | 'string', start: number, end: number]>;
}

const LENGTH_BYTES = 4;

function typeOf(column: Column): ArrayType | 'string' {
  if (typeof column === 'string') return 'string';
  const type = column.constructor.name as ArrayType;
  if (!(type in arrayTypes)) throw new Error(`Unsupported column type ${type}`);
  return type;
}

export function encodeFile<Meta, Columns extends { [K in keyof Columns]: Column }>(
  version: string,
  meta: Meta,
  columns: Columns,
): Buffer {
  const parts: Buffer[] = [];
  const ranges: Header<Meta>['columns'] = {};
  let offset = 0;
  for (const [name, column] of Object.entries(columns) as [string, Column][]) {
    const bytes =
      typeof column === 'string'
        ? Buffer.from(column, 'utf8')
        : Buffer.from(column.buffer, column.byteOffset, column.byteLength);
    // Offsets into a string count UTF-16 code units: decoding must give back the very same string.
    if (typeof column === 'string' && !column.isWellFormed()) throw new Error(`Column ${name} is not UTF-16`);
    ranges[name] = [typeOf(column), offset, offset + bytes.length];
    parts.push(bytes);
    offset += bytes.length;
  }
  const header = Buffer.from(JSON.stringify({ version, meta, columns: ranges } satisfies Header<Meta>));
  const length = Buffer.alloc(LENGTH_BYTES);
  length.writeUInt32LE(header.length);
  return Buffer.concat([length, header, ...parts]);
}

function readHeader<Meta>(file: Buffer): { header: Header<Meta>; body: number } {
  const length = file.readUInt32LE(0);
  const header = JSON.parse(file.toString('utf8', LENGTH_BYTES, LENGTH_BYTES + length)) as Header<Meta>;
  return { header, body: LENGTH_BYTES + length };
}

/** The version the file was written for, or undefined when the bytes are not such a file. */
export function fileVersion(file: Buffer): string | undefined {
  try {
    return readHeader(file).header.version;
  } catch {
    return undefined;
  }
}

/**
 * The file's tables. Typed arrays are copied out of the file's buffer (a copy need not be aligned,
 * and the buffer, strings included, can then be collected).
 */
export function decodeFile<Meta, Columns extends { [K in keyof Columns]: Column }>(
  file: Buffer,
): { meta: Meta; columns: Columns } {
  const { header, body } = readHeader<Meta>(file);
  const columns: Record<string, Column> = {};
  for (const [name, [type, start, end]] of Object.entries(header.columns)) {
    const bytes = file.subarray(body + start, body + end);
    columns[name] =
      type === 'string' ? bytes.toString('utf8') : new arrayTypes[type](new Uint8Array(bytes).buffer);
  }
  return { meta: header.meta, columns: columns as unknown as Columns };
}
