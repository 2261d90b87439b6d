/**
 * Leaving the app for the payment provider's hosted pages (checkout, card
 * form, onboarding). One seam, so component tests can see where the browser
 * would go: jsdom cannot navigate, and its location cannot be spied on.
 */
export const externalNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
