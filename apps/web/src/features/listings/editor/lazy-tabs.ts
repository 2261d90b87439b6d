import { lazy } from 'react';
import { lazyImport } from '../../../shared/api-client/lazy-import.ts';

/**
 * The editor's tabs other than Details, each its own chunk: only one tab shows
 * at a time, so the page's first render loads just the Details tab's code.
 */
const modules = {
  pricing: lazyImport(() => import('../components/pricing-tab.tsx')),
  delivery: lazyImport(() => import('./delivery-tab.tsx')),
  features: lazyImport(() => import('./features-tab.tsx')),
  disclaimer: lazyImport(() => import('./disclaimer-tab.tsx')),
  location: lazyImport(() => import('./location-tab.tsx')),
  images: lazyImport(() => import('../components/images-editor.tsx')),
  availability: lazyImport(() => import('./availability-tab.tsx')),
  exceptions: lazyImport(() => import('./exceptions-section.tsx')),
  publish: lazyImport(() => import('./publish-tab.tsx')),
  delete: lazyImport(() => import('./delete-tab.tsx')),
};

// Each tab as a React.lazy component: render it inside Suspense.
export const PricingTab = lazy(() => modules.pricing().then((m) => ({ default: m.PricingTab })));
export const StockControl = lazy(() => modules.pricing().then((m) => ({ default: m.StockControl })));
export const DeliveryTab = lazy(() => modules.delivery().then((m) => ({ default: m.DeliveryTab })));
export const FeaturesTab = lazy(() => modules.features().then((m) => ({ default: m.FeaturesTab })));
export const DisclaimerTab = lazy(() => modules.disclaimer().then((m) => ({ default: m.DisclaimerTab })));
export const LocationTab = lazy(() => modules.location().then((m) => ({ default: m.LocationTab })));
export const ImagesEditor = lazy(() => modules.images().then((m) => ({ default: m.ImagesEditor })));
export const AvailabilityTab = lazy(() => modules.availability().then((m) => ({ default: m.AvailabilityTab })));
export const ExceptionsSection = lazy(() => modules.exceptions().then((m) => ({ default: m.ExceptionsSection })));
export const PublishTab = lazy(() => modules.publish().then((m) => ({ default: m.PublishTab })));
export const DeleteTab = lazy(() => modules.delete().then((m) => ({ default: m.DeleteTab })));

/** Fetches every lazy tab's code in the background (after the first render), so switching tabs does not wait. */
export function preloadEditorTabs(): void {
  for (const load of Object.values(modules)) load().catch(() => undefined);
}
