import type { Locator, Page } from 'playwright-core';

/**
 * The open menu, once MUI's Grow transition has finished scaling and placing it. Clicked while it
 * still moved, an item's click could land on a heading beside it and do nothing (CI, under load:
 * the map style menu stayed open on "Default (sea)" after "Seachart" was clicked).
 */
export async function menuSettled(page: Page): Promise<Locator> {
  const menu = page.getByRole('menu');
  await menu.waitFor();
  await page.waitForFunction(() => {
    const paper = document.querySelector('[role="menu"]')?.closest<HTMLElement>('.MuiPaper-root');
    return !!paper && getComputedStyle(paper).opacity === '1' && paper.style.transform === 'none';
  });
  return menu;
}
