import { fitWithin, IMAGE_MAX_SIDE, IMAGE_SMALL_SIDE, type ImageSize, type SizedImageExt } from '@union/shared/storage';

export interface EncodedImage extends ImageSize {
  blob: Blob;
}

/** A picked photo made fit for phones: the main image and, when it is larger than IMAGE_SMALL_SIDE, a small variant sized from it. */
export interface ResizedImage {
  ext: SizedImageExt;
  main: EncodedImage;
  small?: EncodedImage;
}

/** Turns a picked file into a ResizedImage; rejects when the browser cannot decode or encode it. */
export type ImageResizer = (file: Blob) => Promise<ResizedImage>;

interface Format {
  type: string;
  ext: SizedImageExt;
  quality: number;
  /** JPEG has no transparency: a transparent PNG would turn black without a background. */
  opaque: boolean;
}

// WebP at 0.82 keeps photos sharp at a fraction of a phone camera's JPEG; the JPEG fallback
// needs a little more quality for the same look.
const WEBP: Format = { type: 'image/webp', ext: 'webp', quality: 0.82, opaque: false };
const JPEG: Format = { type: 'image/jpeg', ext: 'jpg', quality: 0.85, opaque: true };

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function createCanvas({ width, height }: ImageSize): Canvas {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function draw(source: CanvasImageSource, size: ImageSize, format: Format): Canvas {
  const canvas = createCanvas(size);
  const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) throw new Error('resizeImage: no 2d canvas');
  if (format.opaque) {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
  }
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, size.width, size.height);
  return canvas;
}

function encode(canvas: Canvas, format: Format): Promise<Blob> {
  if (!('toBlob' in canvas)) return canvas.convertToBlob({ type: format.type, quality: format.quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('resizeImage: the canvas could not be encoded'))),
      format.type,
      format.quality,
    ),
  );
}

/**
 * Decodes a picked photo (turned upright by its EXIF orientation), scales it to at most
 * IMAGE_MAX_SIDE and encodes it as WebP, or as JPEG where the browser cannot encode WebP: a
 * canvas asked for a type it cannot write returns PNG instead (Safari), so the blob's type is
 * checked. Re-encoding also drops the camera's metadata (GPS position included). The small
 * variant is drawn from the main image, so its size is exactly fitWithin(main, IMAGE_SMALL_SIDE),
 * which is what readers derive from the main's name.
 */
export const resizeImage: ImageResizer = async (file) => {
  if (typeof createImageBitmap !== 'function') throw new Error('resizeImage: this environment cannot decode images');
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin(bitmap.width, bitmap.height, IMAGE_MAX_SIDE);
    let format = WEBP;
    let canvas = draw(bitmap, size, format);
    let blob = await encode(canvas, format);
    if (blob.type !== WEBP.type) {
      format = JPEG;
      canvas = draw(bitmap, size, format);
      blob = await encode(canvas, format);
      if (blob.type !== JPEG.type) throw new Error(`resizeImage: the browser encoded ${blob.type} instead of JPEG`);
    }
    const main = { blob, ...size };
    if (Math.max(size.width, size.height) <= IMAGE_SMALL_SIDE) return { ext: format.ext, main };
    const smallSize = fitWithin(size.width, size.height, IMAGE_SMALL_SIDE);
    const small = { blob: await encode(draw(canvas, smallSize, format), format), ...smallSize };
    return { ext: format.ext, main, small };
  } finally {
    bitmap.close();
  }
};
