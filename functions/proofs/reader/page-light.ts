/**
 * Two corrections a phone photo of a page needs before OCR, on 8-bit grey pixels:
 *
 *  - uneven light: a photo is brighter near the window than in the corner its shadow falls on, and OCR's
 *    one threshold for the whole page then loses the dim part's text. The page's paper is the brightest
 *    thing in each neighbourhood, so the background is taken block by block (a high percentile of each
 *    block, smoothed), and every pixel divided by it: paper turns white everywhere, ink stays dark.
 *  - skew: a page photographed a few degrees off. Text lines make the rows of dark pixels peak sharply
 *    when the page is level; the angle is the one whose projection of dark pixels onto the vertical axis
 *    is peakiest (the projection-profile method), tried every 0.2° within ±6°, then every 0.05°.
 */

export interface GreyImage { pixels: Uint8Array; width: number; height: number }

const BLOCK = 32;
/** Of a block's pixels, this share are darker than its paper (ink, shadows of letters). */
const PAPER_PERCENTILE = 0.9;

export function flattenLight(image: GreyImage): GreyImage {
  const { pixels, width, height } = image;
  const cols = Math.ceil(width / BLOCK);
  const rows = Math.ceil(height / BLOCK);
  const paper = new Float32Array(cols * rows);
  const histogram = new Uint32Array(256);
  for (let by = 0; by < rows; by += 1) {
    for (let bx = 0; bx < cols; bx += 1) {
      histogram.fill(0);
      let n = 0;
      for (let y = by * BLOCK; y < Math.min(height, (by + 1) * BLOCK); y += 2) {
        for (let x = bx * BLOCK; x < Math.min(width, (bx + 1) * BLOCK); x += 2) { histogram[pixels[y * width + x]!]! += 1; n += 1; }
      }
      let seen = 0;
      let level = 255;
      for (let v = 0; v < 256; v += 1) { seen += histogram[v]!; if (seen >= n * PAPER_PERCENTILE) { level = v; break; } }
      paper[by * cols + bx] = level;
    }
  }
  // Smoothed over the neighbouring blocks, so a block full of a heading's ink borrows its neighbours' paper.
  const smooth = new Float32Array(cols * rows);
  for (let by = 0; by < rows; by += 1) {
    for (let bx = 0; bx < cols; bx += 1) {
      let best = 0;
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const x = bx + dx;
          const y = by + dy;
          if (x < 0 || y < 0 || x >= cols || y >= rows) continue;
          const v = paper[y * cols + x]!;
          best = Math.max(best, v);
          sum += v;
          n += 1;
        }
      }
      smooth[by * cols + bx] = Math.max(16, (best + sum / n) / 2);
    }
  }
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const fy = Math.min(rows - 1, Math.max(0, y / BLOCK - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(rows - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x += 1) {
      const fx = Math.min(cols - 1, Math.max(0, x / BLOCK - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(cols - 1, x0 + 1);
      const tx = fx - x0;
      const top = smooth[y0 * cols + x0]! * (1 - tx) + smooth[y0 * cols + x1]! * tx;
      const bottom = smooth[y1 * cols + x0]! * (1 - tx) + smooth[y1 * cols + x1]! * tx;
      const background = top * (1 - ty) + bottom * ty;
      out[y * width + x] = Math.min(255, Math.round((pixels[y * width + x]! / background) * 255));
    }
  }
  return { pixels: out, width, height };
}

/** The peakiness of the dark pixels' rows when the page is turned by `degrees`. */
function profileScore(points: Int32Array, count: number, degrees: number, span: number): number {
  const a = (degrees * Math.PI) / 180;
  const sin = Math.sin(a);
  const cos = Math.cos(a);
  const bins = new Float64Array(span * 2 + 1);
  for (let i = 0; i < count; i += 1) {
    const x = points[2 * i]!;
    const y = points[2 * i + 1]!;
    const bin = Math.round(y * cos - x * sin) + span;
    if (bin >= 0 && bin < bins.length) bins[bin]! += 1;
  }
  let score = 0;
  for (let i = 1; i < bins.length; i += 1) score += (bins[i]! - bins[i - 1]!) ** 2;
  return score;
}

/**
 * The skew of a page's text lines in degrees, clockwise as seen; turning the image by minus this
 * levels it. 0 when the page has too little ink to tell.
 */
export function skewDegrees(image: GreyImage, maxDegrees = 6): number {
  // A page about 800 pixels wide is plenty to see its lines' slope.
  const step = Math.max(1, Math.round(image.width / 800));
  const points = new Int32Array(Math.ceil(image.width / step) * Math.ceil(image.height / step) * 2);
  let count = 0;
  for (let y = 0; y < image.height; y += step) {
    for (let x = 0; x < image.width; x += step) {
      if (image.pixels[y * image.width + x]! < 128) { points[2 * count] = x / step; points[2 * count + 1] = y / step; count += 1; }
    }
  }
  if (count < 500) return 0;
  const span = Math.ceil(Math.hypot(image.width, image.height) / step);
  let best = 0;
  let bestScore = -1;
  const tryAngles = (from: number, to: number, by: number) => {
    for (let d = from; d <= to + 1e-9; d += by) {
      const score = profileScore(points, count, d, span);
      if (score > bestScore) { bestScore = score; best = d; }
    }
  };
  tryAngles(-maxDegrees, maxDegrees, 0.2);
  const coarse = best;
  tryAngles(coarse - 0.2, coarse + 0.2, 0.05);
  return Math.round(best * 100) / 100;
}
