/**
 * A photo or scan made ready for OCR (sharp, prebuilt libvips): turned upright by its EXIF orientation
 * (phones store a portrait page as a landscape picture with a tag) or the PDF page's /Rotate, grey,
 * scaled so the page's longer side is 2,400 to 3,000 pixels (a 12-megapixel photo is cut to about half
 * its pixels, which keeps 10-point text legible and OCR within its time; a small screenshot is enlarged so
 * its letters are tall enough for OCR), its light evened out and its skew levelled (page-light.ts).
 */
import type { OutputInfo, Sharp } from 'sharp';
import { flattenLight, skewDegrees } from './page-light';
import type { PageImage } from './pdf-page-image';

/** A page's longer side in pixels, for OCR. */
const LONG_SIDE_MIN = 2400;
const LONG_SIDE_MAX = 3000;
/** A skew smaller than this is left alone (turning the image costs time and a little sharpness). */
const LEVEL_FROM_DEGREES = 0.3;
/** Larger than a 12 MP photo with room to spare, smaller than a decompression bomb. */
const MAX_INPUT_PIXELS = 60_000_000;

export interface PreparedPage {
  /** A PNG of the grey, levelled page. */
  png: Buffer;
  width: number;
  height: number;
  /** The skew found and removed, degrees clockwise. */
  skew: number;
}

type SharpModule = (typeof import('sharp'))['default'];
let sharpLoad: Promise<SharpModule> | null = null;

/** sharp (native), loaded with the first image rather than at the worker's init (as pdfjs: pdf-text.ts). */
function sharpModule(): Promise<SharpModule> {
  sharpLoad ??= import('sharp').then((m) => m.default).catch((err: unknown) => { sharpLoad = null; throw err; });
  return sharpLoad;
}

export class ImageUnreadable extends Error {}

/** The picture's pixels upright by its EXIF tag or its page's /Rotate, then turned `turn` degrees clockwise more. */
function source(sharp: SharpModule, image: PageImage | Uint8Array, turn: number): Sharp {
  const options = { failOn: 'none' as const, limitInputPixels: MAX_INPUT_PIXELS };
  if (image instanceof Uint8Array) {
    const oriented = sharp(image, options).autoOrient();
    return turn ? oriented.rotate(turn) : oriented;
  }
  const pipeline = image.kind === 'encoded'
    ? sharp(image.bytes, options)
    : sharp(image.pixels, { ...options, raw: { width: image.width, height: image.height, channels: image.channels } });
  const angle = (image.rotate + turn) % 360;
  return angle ? pipeline.rotate(angle) : pipeline;
}

/**
 * An uploaded JPEG or PNG (its bytes), or a scanned PDF page's image, ready for OCR; `turn` (90, 180, 270)
 * turns it further, for a picture whose orientation nothing in the file tells.
 */
export async function prepareForOcr(image: PageImage | Uint8Array, turn = 0): Promise<PreparedPage> {
  const sharp = await sharpModule();
  let upright: { data: Buffer; info: OutputInfo };
  try {
    // Orientation first (into pixels), so the sizes below are the upright page's.
    // A transparent PNG's see-through parts are paper.
    upright = await source(sharp, image, turn).flatten({ background: '#ffffff' }).grayscale().toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw new ImageUnreadable(`the image could not be read (${(err as Error).message})`);
  }
  const { width, height } = upright.info;
  const long = Math.max(width, height);
  const scale = long > LONG_SIDE_MAX ? LONG_SIDE_MAX / long : long < LONG_SIDE_MIN ? LONG_SIDE_MIN / long : 1;
  const sized = scale === 1 ? upright : await sharp(upright.data, { raw: { width, height, channels: 1 } })
    .resize({ width: Math.round(width * scale), height: Math.round(height * scale), kernel: scale < 1 ? 'lanczos3' : 'cubic' })
    // sharp writes sRGB unless told otherwise, even from one grey channel.
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const even = flattenLight({ pixels: sized.data, width: sized.info.width, height: sized.info.height });
  const skew = skewDegrees(even);
  let pipeline = sharp(even.pixels, { raw: { width: even.width, height: even.height, channels: 1 } });
  if (Math.abs(skew) >= LEVEL_FROM_DEGREES) pipeline = pipeline.rotate(-skew, { background: '#ffffff' });
  const { data, info } = await pipeline.toColourspace('b-w').png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height, skew };
}
