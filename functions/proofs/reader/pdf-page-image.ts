/**
 * The picture of a scanned page inside a PDF with no text layer: the largest image the page draws
 * (directly or inside a form XObject), taken out of the file as it is stored, for OCR. No canvas renders
 * the page (a canvas package needs native builds Node 20 here does not have); a scan's page is one image,
 * which is what the page shows. JPEG (DCTDecode) goes to sharp as it is; Flate-compressed pixels (8-bit
 * grey or RGB, 1-bit black and white, PNG predictors) are unpacked here into raw pixels. Other encodings
 * (CCITT fax, JBIG2, JPEG 2000) are named, not decoded.
 */
import { inflateSync, constants as zlib } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from 'pdf-lib';

export type PageImage =
  | { kind: 'encoded'; bytes: Uint8Array; rotate: number }
  | { kind: 'raw'; pixels: Uint8Array; width: number; height: number; channels: 1 | 3; rotate: number };

export type PageImageResult = { image: PageImage } | { unreadable: string } | { none: true };

/** A picture smaller than this is a logo or a signature, not a page. */
const MIN_SIDE = 400;

interface ImageStream { stream: PDFRawStream; width: number; height: number }

function imagesOf(doc: PDFDocument, resources: PDFDict | undefined, depth: number, into: ImageStream[]): void {
  const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xobjects || depth > 3) return;
  for (const [, ref] of xobjects.entries()) {
    const object = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
    if (!(object instanceof PDFRawStream)) continue;
    const subtype = object.dict.lookupMaybe(PDFName.of('Subtype'), PDFName);
    if (subtype === PDFName.of('Image')) {
      const width = object.dict.lookupMaybe(PDFName.of('Width'), PDFNumber)?.asNumber() ?? 0;
      const height = object.dict.lookupMaybe(PDFName.of('Height'), PDFNumber)?.asNumber() ?? 0;
      into.push({ stream: object, width, height });
    } else if (subtype === PDFName.of('Form')) {
      imagesOf(doc, object.dict.lookupMaybe(PDFName.of('Resources'), PDFDict), depth + 1, into);
    }
  }
}

const filtersOf = (dict: PDFDict): string[] => {
  const filter = dict.lookup(PDFName.of('Filter'));
  if (filter instanceof PDFName) return [filter.decodeText()];
  if (filter instanceof PDFArray) return filter.asArray().map((f) => (dict.context.lookup(f) as PDFName).decodeText());
  return [];
};

const numberIn = (dict: PDFDict | undefined, key: string, fallback: number) => dict?.lookupMaybe(PDFName.of(key), PDFNumber)?.asNumber() ?? fallback;

/** Channels of an image's colour space, or null for one this reader does not unpack (Indexed, Separation, Lab...). */
function channelsOf(dict: PDFDict): 1 | 3 | 4 | null {
  if (dict.lookup(PDFName.of('ImageMask'))?.toString() === 'true') return 1;
  let space = dict.lookup(PDFName.of('ColorSpace'));
  if (space instanceof PDFArray) {
    const family = space.lookup(0, PDFName).decodeText();
    if (family === 'ICCBased') return numberIn((space.lookup(1) as PDFRawStream).dict, 'N', 3) as 1 | 3 | 4;
    if (family === 'CalGray') return 1;
    if (family === 'CalRGB') return 3;
    return null;
  }
  space = space instanceof PDFName ? space : undefined;
  const name = (space as PDFName | undefined)?.decodeText();
  return name === 'DeviceGray' ? 1 : name === 'DeviceRGB' ? 3 : name === 'DeviceCMYK' ? 4 : null;
}

/** Undoes PNG row predictors (Predictor 10-15): each row starts with its filter type byte. */
function unpredict(data: Uint8Array, rowBytes: number, bytesPerPixel: number): Uint8Array {
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = new Uint8Array(rows * rowBytes);
  for (let r = 0; r < rows; r += 1) {
    const type = data[r * (rowBytes + 1)]!;
    const src = r * (rowBytes + 1) + 1;
    const at = r * rowBytes;
    for (let i = 0; i < rowBytes; i += 1) {
      const raw = data[src + i]!;
      const left = i >= bytesPerPixel ? out[at + i - bytesPerPixel]! : 0;
      const up = r > 0 ? out[at - rowBytes + i]! : 0;
      const upLeft = r > 0 && i >= bytesPerPixel ? out[at - rowBytes + i - bytesPerPixel]! : 0;
      let value = raw;
      if (type === 1) value = raw + left;
      else if (type === 2) value = raw + up;
      else if (type === 3) value = raw + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      }
      out[at + i] = value & 0xff;
    }
  }
  return out;
}

function unpackPixels(image: ImageStream, flate: boolean): PageImage | string {
  const { dict } = image.stream;
  const channels = channelsOf(dict);
  const bits = dict.lookup(PDFName.of('ImageMask'))?.toString() === 'true' ? 1 : numberIn(dict, 'BitsPerComponent', 8);
  if (channels === null || channels === 4 || (bits !== 8 && !(bits === 1 && channels === 1))) return `${bits}-bit pixels in a colour space the reader does not unpack`;
  // Scanners' streams sometimes end without the deflate trailer; take what inflates.
  let data: Uint8Array = flate ? inflateSync(image.stream.contents, { finishFlush: zlib.Z_SYNC_FLUSH }) : image.stream.contents;
  const parms = dict.lookupMaybe(PDFName.of('DecodeParms'), PDFDict);
  const rowBytes = Math.ceil((image.width * channels * bits) / 8);
  if (numberIn(parms, 'Predictor', 1) >= 10) data = unpredict(data, rowBytes, Math.max(1, (channels * bits) / 8));
  const decode = dict.lookupMaybe(PDFName.of('Decode'), PDFArray);
  const inverted = decode !== undefined && decode.size() >= 2 && (decode.lookup(0) as PDFNumber).asNumber() > (decode.lookup(1) as PDFNumber).asNumber();
  let pixels: Uint8Array;
  if (bits === 1) {
    // One bit a pixel, rows padded to a byte: 0 is black unless the Decode array turns it round.
    pixels = new Uint8Array(image.width * image.height);
    for (let y = 0; y < image.height; y += 1) {
      for (let x = 0; x < image.width; x += 1) {
        const bit = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
        pixels[y * image.width + x] = (bit === 1) !== inverted ? 255 : 0;
      }
    }
  } else {
    pixels = data.subarray(0, image.width * image.height * channels);
    if (inverted) pixels = pixels.map((v) => 255 - v);
  }
  if (pixels.length < image.width * image.height * channels) return 'an image whose pixels are cut short';
  return { kind: 'raw', pixels, width: image.width, height: image.height, channels: channels as 1 | 3, rotate: 0 };
}

/**
 * The scan on page `index` (0-based) of a PDF: its largest image, as stored (JPEG) or unpacked (raw
 * pixels), with the page's /Rotate to apply. `none` when the page draws no image the size of a page.
 */
export async function pageImage(bytes: Uint8Array, index: number): Promise<PageImageResult> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch (err) {
    return { unreadable: `its pages could not be opened (${(err as Error).message})` };
  }
  if (doc.isEncrypted) return { unreadable: 'the PDF is encrypted, so its scanned image cannot be taken out' };
  const page = doc.getPage(index);
  const found: ImageStream[] = [];
  imagesOf(doc, page.node.Resources(), 0, found);
  const largest = found.filter((i) => Math.min(i.width, i.height) >= MIN_SIDE).sort((a, b) => b.width * b.height - a.width * a.height)[0];
  if (!largest) return { none: true };
  const rotate = ((page.getRotation().angle % 360) + 360) % 360;
  const filters = filtersOf(largest.stream.dict);
  const last = filters.at(-1);
  if (filters.length === 1 && last === 'DCTDecode') return { image: { kind: 'encoded', bytes: largest.stream.contents, rotate } };
  if (filters.length === 0 || (filters.length === 1 && last === 'FlateDecode')) {
    const unpacked = unpackPixels(largest, filters.length === 1);
    return typeof unpacked === 'string' ? { unreadable: `the scanned page is stored as ${unpacked}` } : { image: { ...unpacked, rotate } };
  }
  const names: Record<string, string> = { CCITTFaxDecode: 'CCITT fax', JBIG2Decode: 'JBIG2', JPXDecode: 'JPEG 2000' };
  return { unreadable: `the scanned page is stored as ${filters.map((f) => names[f] ?? f).join(' + ')}, which the reader does not decode` };
}
