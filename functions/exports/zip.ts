/**
 * A ZIP archive (the container of an .xlsx) from named byte arrays, with Node's own zlib: raw deflate
 * and CRC-32 are native, so this costs the Lambda no bundle bytes and no init time. Plain PKZIP 2.0
 * records (local headers, central directory, end record) without ZIP64: an export stays far below
 * 4 GB and 65,535 parts. Read back by exceljs (JSZip) in the tests.
 */
import { crc32, deflateRawSync } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION = 20;
/** Bit 11: names are UTF-8. */
const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
const STORE = 0;
const MAX_32 = 0xffffffff;

/** MS-DOS time and date of the archive's entries (local wall clock is not known in Lambda; UTC). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** The archive of `files` in the given order (an .xlsx puts `[Content_Types].xml` first). */
export function zip(files: readonly (readonly [name: string, data: Uint8Array])[], at = new Date()): Buffer {
  if (files.length > 0xffff) throw new Error('too many files for a ZIP without ZIP64');
  const { time, date } = dosDateTime(at);
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const deflated = deflateRawSync(data, { level: 6 });
    // Deflate can grow data that does not compress (tiny parts); store those as they are.
    const [method, body] = deflated.length < data.length ? [DEFLATE, deflated] : [STORE, Buffer.from(data)];
    const crc = crc32(data);
    if (data.length > MAX_32 || offset > MAX_32) throw new Error('archive too large for a ZIP without ZIP64');

    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);

    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(CENTRAL_HEADER, 0);
    entry.writeUInt16LE(VERSION, 4);
    entry.writeUInt16LE(VERSION, 6);
    entry.writeUInt16LE(UTF8_NAMES, 8);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt16LE(time, 12);
    entry.writeUInt16LE(date, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(body.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    // Extra field, comment, disk number, internal and external attributes: all zero.
    entry.writeUInt32LE(offset, 42);

    chunks.push(local, nameBytes, body);
    central.push(entry, nameBytes);
    offset += local.length + nameBytes.length + body.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  if (offset > MAX_32 || centralSize > MAX_32) throw new Error('archive too large for a ZIP without ZIP64');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...central, end]);
}
