import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The map's tiles in the suite: the default tile server (PDOK) is on the internet, which the suite
 * does not rely on. Tests either serve every tile as one plain light-grey image (and learn the zoom
 * levels the map asked for) or let every tile fail.
 */
const TILE = /\/(\d{1,2})\/(\d+)\/(\d+)\.png(\?.*)?$/;
const GREY_PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN49OIDAAVqAru/zcVKAAAAAElFTkSuQmCC', 'base64');

/** Serves every tile; returns the zoom levels of the tiles asked for, as they come in. */
export async function serveTiles(page: Page): Promise<number[]> {
  const zooms: number[] = [];
  await page.route(TILE, (route) => {
    zooms.push(Number(TILE.exec(route.request().url())![1]));
    return route.fulfill({ status: 200, contentType: 'image/png', body: GREY_PIXEL });
  });
  return zooms;
}

/** Lets every tile fail, as without a network. */
export async function failTiles(page: Page) {
  await page.route(TILE, (route) => route.abort('failed'));
}

/** The map is the spec's 400 px high and every marker lies inside it, spread out rather than on one point. */
export async function expectFittedMarkers(map: Locator) {
  const box = (await map.locator('.leaflet-container').boundingBox())!;
  expect(box.height).toBe(400);
  await expect(async () => {
    const markers = await Promise.all((await map.locator('.leaflet-marker-icon').all()).map((m) => m.boundingBox()));
    expect(markers.length).toBeGreaterThan(1);
    for (const m of markers) {
      expect(m!.x).toBeGreaterThanOrEqual(box.x);
      expect(m!.y).toBeGreaterThanOrEqual(box.y);
      expect(m!.x + m!.width).toBeLessThanOrEqual(box.x + box.width);
      expect(m!.y + m!.height).toBeLessThanOrEqual(box.y + box.height);
    }
    const spread = (values: number[], size: number) => (Math.max(...values) - Math.min(...values)) / size;
    // Fitted: in one direction the markers span a good part of the map (at least 40%: zoom levels are whole,
    // so one level closer would not fit); at the spec's zoom 11 the demo's markers sat within a few px.
    expect(Math.max(spread(markers.map((m) => m!.x), box.width), spread(markers.map((m) => m!.y), box.height))).toBeGreaterThan(0.4);
  }).toPass();
}
