/**
 * A photo's page before OCR (issue 27): uneven light evened out, skew found; and a scan's picture taken
 * out of a PDF as it is stored (JPEG) or decoded (Flate pixels, PNG predictors, one bit a pixel, CCITT fax).
 */
import { deflateSync } from 'node:zlib';
import { PDFDocument, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import type { PDFRef } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { flattenLight, skewDegrees } from '../../functions/proofs/reader/page-light';
import type { GreyImage } from '../../functions/proofs/reader/page-light';
import { pageImage } from '../../functions/proofs/reader/pdf-page-image';
import { singleTileOf } from '../fixtures/declarations/render-image';

/** Text-like lines every 40 px, 4 px thick, turned `degrees` clockwise, on paper lit from the left (250) to dark on the right (90). */
function litPage(degrees: number, width = 800, height = 1000): GreyImage {
  const a = (degrees * Math.PI) / 180;
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const paper = 250 - (160 * x) / width;
      const along = y * Math.cos(a) - x * Math.sin(a);
      const ink = ((along % 40) + 40) % 40 < 4 && x % 50 < 40;
      pixels[y * width + x] = Math.round(ink ? paper * 0.25 : paper);
    }
  }
  return { pixels, width, height };
}

describe('uneven light', () => {
  it('turns the paper white everywhere and keeps the ink dark, in the dim part too', () => {
    const page = litPage(0);
    const even = flattenLight(page);
    const at = (img: GreyImage, x: number, y: number) => img.pixels[y * img.width + x]!;
    // Paper: bright on the left and dim on the right before, white on both sides after.
    expect(at(page, 20, 20)).toBeGreaterThan(240);
    expect(at(page, 780, 20)).toBeLessThan(100);
    expect(at(even, 20, 20)).toBeGreaterThan(225);
    expect(at(even, 780, 20)).toBeGreaterThan(225);
    // Ink in the dim part stays dark: one threshold (128) now parts ink from paper across the page,
    // where before the dim paper itself fell below it.
    expect(at(even, 760, 41)).toBeLessThan(100);
  });
});

describe('skew', () => {
  it.each([0, 3, -3, 1.5, -4.2])('finds lines turned %s° to within 0.15°', (degrees) => {
    expect(Math.abs(skewDegrees(litPage(degrees)) - degrees)).toBeLessThanOrEqual(0.15);
  });

  it('answers 0 for a page with no ink', () => {
    expect(skewDegrees({ pixels: new Uint8Array(500 * 500).fill(255), width: 500, height: 500 })).toBe(0);
  });
});

/** A one-page PDF drawing the image XObject `make` builds over the whole page. */
async function pdfWithImage(make: (doc: PDFDocument) => PDFRef): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const ref = make(doc);
  const name = page.node.newXObject('Scan', ref);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(612, 0, 0, 792, 0, 0), drawObject(name), popGraphicsState());
  return doc.save();
}

describe("a scan's picture inside a PDF", () => {
  it('is the JPEG as stored', async () => {
    const jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#dddddd' } }).jpeg().toBuffer();
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    page.drawImage(await doc.embedJpg(jpeg), { x: 0, y: 0, width: 612, height: 792 });
    const found = await pageImage(await doc.save(), 0);
    expect(found).toMatchObject({ image: { kind: 'encoded', rotate: 0 } });
    expect(Buffer.from((found as { image: { bytes: Uint8Array } }).image.bytes).equals(jpeg)).toBe(true);
  });

  it('is unpacked from Flate with PNG predictors, every row filter undone', async () => {
    const [width, height] = [500, 420];
    const grey = Uint8Array.from({ length: width * height }, (_, i) => (i * 7 + Math.floor(i / width) * 13) % 256);
    // Each row filtered with one of PNG's five filters in turn (0 none, 1 sub, 2 up, 3 average, 4 Paeth).
    const filtered = new Uint8Array(height * (width + 1));
    for (let y = 0; y < height; y += 1) {
      const type = y % 5;
      filtered[y * (width + 1)] = type;
      for (let x = 0; x < width; x += 1) {
        const v = grey[y * width + x]!;
        const left = x > 0 ? grey[y * width + x - 1]! : 0;
        const up = y > 0 ? grey[(y - 1) * width + x]! : 0;
        const upLeft = x > 0 && y > 0 ? grey[(y - 1) * width + x - 1]! : 0;
        const p = left + up - upLeft;
        const paeth = Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft) ? left : Math.abs(p - up) <= Math.abs(p - upLeft) ? up : upLeft;
        const predicted = [0, left, up, (left + up) >> 1, paeth][type]!;
        filtered[y * (width + 1) + 1 + x] = (v - predicted + 256) % 256;
      }
    }
    const bytes = await pdfWithImage((doc) => doc.context.register(doc.context.stream(deflateSync(filtered), {
      Type: 'XObject', Subtype: 'Image', Width: width, Height: height, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode',
      DecodeParms: { Predictor: 15, Colors: 1, BitsPerComponent: 8, Columns: width },
    })));
    const found = await pageImage(bytes, 0);
    expect(found).toMatchObject({ image: { kind: 'raw', width, height, channels: 1 } });
    expect(Buffer.from((found as { image: { pixels: Uint8Array } }).image.pixels).equals(Buffer.from(grey))).toBe(true);
  });

  it('is unpacked from one bit a pixel into black and white', async () => {
    const [width, height] = [404, 404];
    const rowBytes = Math.ceil(width / 8);
    const bits = new Uint8Array(rowBytes * height);
    // A black (0) square in the top left quarter, white (1) elsewhere.
    for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) if (!(x < 202 && y < 202)) bits[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    const bytes = await pdfWithImage((doc) => doc.context.register(doc.context.stream(deflateSync(bits), {
      Type: 'XObject', Subtype: 'Image', Width: width, Height: height, ColorSpace: 'DeviceGray', BitsPerComponent: 1, Filter: 'FlateDecode',
    })));
    const found = await pageImage(bytes, 0);
    const pixels = (found as { image: { pixels: Uint8Array } }).image.pixels;
    expect([pixels[0], pixels[201 * width + 201], pixels[202], pixels[height * width - 1]]).toEqual([0, 0, 255, 255]);
  });

  it("is decoded from CCITT fax (an office scanner's black and white page), as an image or as a stencil", async () => {
    const [width, height] = [1696, 2192];
    // A black square in the top left corner of a white page, encoded by libtiff's Group 4 encoder (sharp):
    // one tile the size of the page is one Group 4 stream, as a PDF's CCITTFaxDecode image carries it.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><rect width="400" height="400" fill="#000"/></svg>`;
    const tiff = await sharp(Buffer.from(svg)).flatten({ background: '#fff' }).toColourspace('b-w')
      .tiff({ compression: 'ccittfax4', bitdepth: 1, tile: true, tileWidth: width, tileHeight: height }).toBuffer();
    const group4 = singleTileOf(tiff);
    // libtiff writes it 'black is zero' (Photometric 1): its white pixels are the code's black runs, so the
    // image says BlackIs1 (decoded, the paper is 1 and the ink 0, as DeviceGray and a stencil both read it).
    const ccitt = { Filter: 'CCITTFaxDecode', DecodeParms: { K: -1, Columns: width, Rows: height, BlackIs1: true } };
    for (const look of [{ ColorSpace: 'DeviceGray', BitsPerComponent: 1 }, { ImageMask: true }]) {
      const bytes = await pdfWithImage((doc) => doc.context.register(doc.context.stream(group4, {
        Type: 'XObject', Subtype: 'Image', Width: width, Height: height, ...look, ...ccitt,
      })));
      const found = await pageImage(bytes, 0);
      expect(found).toMatchObject({ image: { kind: 'raw', width, height, channels: 1 } });
      const pixels = (found as { image: { pixels: Uint8Array } }).image.pixels;
      expect([pixels[0], pixels[399 * width + 399], pixels[400], pixels[1000 * width + 1000], pixels[height * width - 1]]).toEqual([0, 0, 255, 255, 255]);
    }
  });

  it('says what it could not decode, and finds nothing on a page without a picture', async () => {
    const broken = await pdfWithImage((doc) => doc.context.register(doc.context.stream(new Uint8Array(100), {
      Type: 'XObject', Subtype: 'Image', Width: 2480, Height: 3508, ColorSpace: 'DeviceGray', BitsPerComponent: 1, Filter: 'JBIG2Decode',
    })));
    expect(await pageImage(broken, 0)).toEqual({ unreadable: 'the scanned page is stored as an image pdf.js could not decode' });
    const doc = await PDFDocument.create();
    doc.addPage();
    expect(await pageImage(await doc.save(), 0)).toEqual({ none: true });
  });
});
