import type { ImageAsset } from '@harbor/contracts';

/** Shown when a listing has no image or its image fails to load. */
export const DEFAULT_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><rect width="400" height="400" fill="#dfe7ef"/><path d="M80 260h240l-30 50H110z" fill="#5b7a99"/><path d="M200 90v160M200 100l70 120h-70" fill="#8fa9c2" stroke="#5b7a99" stroke-width="8"/></svg>',
  );

/** The URL of a variant (falling back to any variant, then the default image). */
export function imageUrl(image: ImageAsset | undefined | null, variant: string): string {
  if (!image) return DEFAULT_IMAGE;
  return image.variants[variant]?.url ?? Object.values(image.variants)[0]?.url ?? DEFAULT_IMAGE;
}
