/**
 * The picture of a scanned page inside a PDF with no text layer: the largest image the page draws
 * (directly or inside a form XObject), for OCR. No canvas renders the page (a canvas package needs native
 * builds Node 20 here does not have); a scan's page is one image, which is what the page shows. JPEG
 * (DCTDecode) goes to sharp as it is stored; every other encoding is decoded into pixels by pdf.js
 * (pdfjs-dist, already the reader's PDF parser): Flate with PNG predictors, LZW, CCITT fax (office
 * scanners' black-and-white pages), JBIG2, JPEG 2000, indexed and CMYK colour.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from 'pdf-lib';
import { openPdf, pdfjs } from './pdfjs';

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

/** pdf.js's decoded image (its ImageKind: 1 one bit a pixel, rows padded to a byte, 1 white; 2 RGB; 3 RGBA). */
interface DecodedImage { width: number; height: number; kind: number; data: Uint8Array | Uint8ClampedArray }

/**
 * One channel (grey) or three (RGB) a pixel, as sharp takes raw pixels: pdf.js gives colour (RGB, or RGBA
 * with its alpha, dropped here) even for a grey scan, which goes to OCR as one channel again.
 */
function pixelsOf(image: DecodedImage): PageImage | string {
  const { width, height, kind, data } = image;
  const count = width * height;
  if (kind === 1) {
    const rowBytes = Math.ceil(width / 8);
    const pixels = new Uint8Array(count);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) pixels[y * width + x] = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
    }
    return { kind: 'raw', pixels, width, height, channels: 1, rotate: 0 };
  }
  const step = kind === 2 ? 3 : kind === 3 ? 4 : 0;
  if (step === 0) return `pixels of a kind the reader does not take (${kind})`;
  if (data.length < count * step) return 'an image whose pixels are cut short';
  let grey = true;
  for (let i = 0; i < count * step && grey; i += step) grey = data[i] === data[i + 1] && data[i] === data[i + 2];
  const channels = grey ? 1 : 3;
  const pixels = new Uint8Array(count * channels);
  for (let p = 0; p < count; p += 1) {
    for (let c = 0; c < channels; c += 1) pixels[p * channels + c] = data[p * step + c]!;
  }
  return { kind: 'raw', pixels, width, height, channels, rotate: 0 };
}

/**
 * The pixels pdf.js decodes for the image of this size that page `index` paints (pdf.js applies the
 * stream's filters, its colour space and its Decode array). An image mask is a stencil: 0 is ink.
 */
async function decodedImage(bytes: Uint8Array, index: number, width: number, height: number): Promise<PageImage | string> {
  const { OPS } = await pdfjs();
  const doc = await openPdf(bytes);
  try {
    const page = await doc.getPage(index + 1);
    const operators = await page.getOperatorList();
    // A page's images are in its object store under their ids; images used on several pages ('g_' ids) in the document's.
    const stored = (id: string) => new Promise<DecodedImage | null>((resolve) => {
      (id.startsWith('g_') ? page.commonObjs : page.objs).get(id, resolve as (data: unknown) => void);
    });
    for (const [i, fn] of operators.fnArray.entries()) {
      const args = operators.argsArray[i] as unknown[];
      if (fn === OPS.paintImageMaskXObject) {
        const mask = args[0] as { data: string | Uint8Array; width: number; height: number };
        if (mask.width !== width || mask.height !== height) continue;
        const bits = typeof mask.data === 'string' ? (await stored(mask.data))?.data : mask.data;
        return bits ? pixelsOf({ width, height, kind: 1, data: bits }) : 'an image pdf.js could not decode';
      }
      if (fn === OPS.paintImageXObject && args[1] === width && args[2] === height) {
        const image = await stored(args[0] as string);
        return image ? pixelsOf(image) : 'an image pdf.js could not decode';
      }
    }
    return 'an image pdf.js could not decode';
  } finally {
    await doc.destroy();
  }
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
  if (filters.length === 1 && filters[0] === 'DCTDecode') return { image: { kind: 'encoded', bytes: largest.stream.contents, rotate } };
  const decoded = await decodedImage(bytes, index, largest.width, largest.height).catch((err: unknown) => `an image pdf.js could not decode (${(err as Error).message})`);
  return typeof decoded === 'string' ? { unreadable: `the scanned page is stored as ${decoded}` } : { image: { ...decoded, rotate } };
}
