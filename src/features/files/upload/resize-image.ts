// Very large photos are scaled down in the page before upload (the server keeps what it gets,
// cleaned): a 48-megapixel phone photo becomes at most MAX_EDGE pixels on its long side,
// re-encoded as JPEG (WebP/PNG keep their type). Smaller images, GIFs (animation) and files
// the browser cannot decode go unchanged.
export const MAX_EDGE = 4096;
const RESIZABLE = ['image/jpeg', 'image/png', 'image/webp'];

export function targetSize(width: number, height: number, maxEdge = MAX_EDGE) {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return {
    width: Math.round(width * scale),
    height: Math.round(height * scale),
    scaled: scale < 1,
  };
}

export async function resizeImage(file: File, maxEdge = MAX_EDGE): Promise<File> {
  if (!RESIZABLE.includes(file.type) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const size = targetSize(bitmap.width, bitmap.height, maxEdge);
  if (!size.scaled) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return file;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const type = file.type === 'image/png' || file.type === 'image/webp' ? file.type : 'image/jpeg';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
  if (!blob || blob.size >= file.size) return file;
  return new File([blob], file.name, { type, lastModified: file.lastModified });
}
