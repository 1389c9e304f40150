// Delete my data, download my data and the privacy page (issue 15, items 3-6) in real Chromium against the real
// server (local provider, the deterministic moderation rule): a visitor makes a kitchen, downloads the zip and
// reads it back, deletes everything, and then finds nothing: not on the server (every old image and job URL is
// 404, even with the old session cookie), not in the browser's stores, not in the wizard. The privacy page and
// its confirmation are checked with axe and walked with the keyboard.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, actionPaths } from '../../contract/endpoints';
import {
  type GenerateKitchenRequest,
  generationHistorySchema,
  jobPaths,
  jobResponseSchema,
} from '../../contract/generation';
import { imageUrl } from '../../contract/images';
import { EXPORT_DATA_FILE, exportedDataSchema, myDataExportUrl } from '../../contract/my-data';
import { STORAGE_KEYS } from '../../src/persistence/kitchen-storage';
import { expectNoAxeViolations, newAppContext } from '../../tooling/browser';
import {
  completeWizard,
  focusedElement,
  generateButton,
  nextButton,
  stepPath,
  tabTo,
  waitForGenerationEnd,
  waitForHeading,
  waitForStep,
} from '../../tooling/kitchen-driver';
import { readZip, type ZipEntryRead } from '../support/read-zip';
import { setUpBrowserSuite } from './browser-suite';

const suite = setUpBrowserSuite();

const PRIVACY_HEADING = 'Privacy and Your Data';
const jobUrl = (id: string) => `${API_PREFIX}${jobPaths.job.replace(':id', id)}`;
const historyUrl = `${API_PREFIX}${jobPaths.history}`;

/** A photo made here (the moderation rule passes anything but magenta), so the test needs no fixture. */
async function roomPhoto() {
  const buffer = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 170, g: 160, b: 140 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name: 'room.jpg', mimeType: 'image/jpeg', buffer };
}

const storedKeys = (page: Page) =>
  page.evaluate(
    (keys) => keys.filter((key) => localStorage.getItem(key) !== null),
    Object.values(STORAGE_KEYS),
  );

const exportedData = (entries: ZipEntryRead[]) =>
  exportedDataSchema.parse(
    JSON.parse(entries.find((entry) => entry.name === EXPORT_DATA_FILE)?.data.toString() ?? 'null'),
  );

async function statusOf(page: Page, url: string): Promise<number> {
  return (await page.request.get(url)).status();
}

describe('the privacy page', () => {
  it('is linked from the upload step, passes axe, and focus moves into and out of the confirmation', async () => {
    const { page } = suite;
    await page.goto(stepPath('upload-image'));
    await waitForStep(page, 'upload-image');
    await page.getByRole('link', { name: 'What happens to your photo' }).click();
    await page.waitForURL('**/privacy');
    await waitForHeading(page, PRIVACY_HEADING);
    for (const section of ['What Is Stored', 'For How Long', 'What Leaves This Service', 'Your Data']) {
      await page.getByRole('heading', { level: 2, name: section }).waitFor();
    }
    await expectNoAxeViolations(page, 'privacy');

    await tabTo(page, 'button', 'Delete my data');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Delete Everything?' }).waitFor();
    expect(await focusedElement(page)).toEqual({
      tag: 'h3',
      text: 'Delete Everything?',
      isRouteHeading: false,
    });
    await expectNoAxeViolations(page, 'privacy (delete confirmation open)');
    await page.keyboard.press('Tab');
    expect((await focusedElement(page)).text).toBe('Yes, delete my data');
    await page.keyboard.press('Tab');
    expect((await focusedElement(page)).text).toBe('Keep my data');

    // Keep my data: the confirmation closes and focus is back on the button that opened it.
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Delete Everything?' }).waitFor({ state: 'detached' });
    expect(await focusedElement(page)).toMatchObject({ tag: 'button', text: 'Delete my data' });

    // Escape closes it too, from anywhere inside.
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Delete Everything?' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await page.getByRole('region', { name: 'Delete Everything?' }).waitFor({ state: 'detached' });
    expect(await focusedElement(page)).toMatchObject({ tag: 'button', text: 'Delete my data' });
  });
});

describe('download my data, then delete it', () => {
  it('zips what was made, then erases it everywhere: every old URL is 404 and the wizard starts empty', async () => {
    const { page, context, browser, origin } = suite;
    const generateRequests: GenerateKitchenRequest[] = [];
    const jobAnswers: Promise<unknown>[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(actionPaths.generateKitchen)) {
        generateRequests.push(request.postDataJSON() as GenerateKitchenRequest);
      }
    });
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      const isStart = [actionPaths.generateEmptyRoom, actionPaths.generateKitchen].some(
        (path) => pathname === `${API_PREFIX}${path}`,
      );
      if (isStart && response.ok()) jobAnswers.push(response.json());
    });

    await page.goto(stepPath('upload-image'));
    await completeWizard(page, await roomPhoto());
    await generateButton(page).click();
    await page.waitForURL('**/your-kitchen');
    expect(await waitForGenerationEnd(page)).toBe('result');

    // What the server now keeps for this visitor: the photo (offline, also the empty room: issue 34, point 2),
    // the kitchen, and both jobs.
    expect(generateRequests).toHaveLength(1);
    const [asked] = generateRequests as [GenerateKitchenRequest];
    const jobIds = (await Promise.all(jobAnswers)).map((answer) => jobResponseSchema.parse(answer).job.id);
    expect(jobIds).toHaveLength(2);
    const finished = await Promise.all(
      jobIds.map(
        async (id) => jobResponseSchema.parse(await (await page.request.get(jobUrl(id))).json()).job,
      ),
    );
    const resultImageIds = finished.map((job) => job.resultImageId);
    expect(resultImageIds).not.toContain(null);
    expect(resultImageIds).toContain(asked.emptyRoomId);
    expect(asked.emptyRoomId).toBe(asked.imageId);
    const imageIds = [...new Set([asked.imageId, ...(resultImageIds as string[])])];
    const oldUrls = [...imageIds.map(imageUrl), ...jobIds.map(jobUrl)];
    for (const url of oldUrls) expect(await statusOf(page, url), url).toBe(200);
    expect(await storedKeys(page)).toEqual(Object.values(STORAGE_KEYS));

    await page.getByRole('main').getByRole('link', { name: PRIVACY_HEADING }).click();
    await page.waitForURL('**/privacy');
    await waitForHeading(page, PRIVACY_HEADING);

    // The download, read back by an independent zip reader: every image with its bytes, and the JSON.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^kitchen-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = readZip(readFileSync(await download.path()));
    const entry = (name: string) => entries.find((candidate) => candidate.name === name);
    const data = exportedData(entries);
    expect(data.images.map((image) => image.id).sort()).toEqual([...imageIds].sort());
    expect(data.images.map((image) => image.kind).sort()).toEqual(['kitchen', 'upload']);
    for (const image of data.images) {
      expect(image.file).toMatch(image.kind === 'upload' ? /^photos\// : /^results\//);
      const served = await (await page.request.get(imageUrl(image.id))).body();
      expect(entry(image.file ?? '')?.data.equals(served), image.file ?? image.id).toBe(true);
    }
    expect(entries.map((zipped) => zipped.name).sort()).toEqual(
      [EXPORT_DATA_FILE, ...data.images.map((image) => image.file ?? '')].sort(),
    );
    expect(data.generations.map((generation) => generation.id).sort()).toEqual([...jobIds].sort());
    const kitchen = data.generations.find((generation) => generation.kind === 'kitchen');
    expect(kitchen?.request).toMatchObject({
      frontalId: asked.frontalId,
      worktopId: asked.worktopId,
      shape: asked.shape,
      hasIsland: asked.hasIsland,
    });
    expect(data.user?.id).toBeGreaterThan(0);
    const oldCookies = await context.cookies();

    // Delete, confirmed.
    await page.getByRole('button', { name: 'Delete my data' }).click();
    await page.getByRole('button', { name: 'Yes, delete my data' }).click();
    const outcome = page.getByText('Your data has been deleted. This browser is a new visitor now.');
    await outcome.waitFor();
    expect((await focusedElement(page)).text).toBe(
      'Your data has been deleted. This browser is a new visitor now.',
    );
    await expectNoAxeViolations(page, 'privacy (data deleted)');

    // Nothing on the server: from this browser, and from one that kept the old session cookie.
    for (const url of oldUrls) expect(await statusOf(page, url), url).toBe(404);
    const thief = await newAppContext(browser, origin);
    try {
      await thief.addCookies(oldCookies);
      const stolen = await thief.newPage();
      for (const url of oldUrls) expect(await statusOf(stolen, url), url).toBe(404);
      const history = generationHistorySchema.parse(await (await stolen.request.get(historyUrl)).json());
      expect(history.jobs).toEqual([]);
      const left = exportedData(readZip(await (await stolen.request.get(myDataExportUrl)).body()));
      expect(left).toMatchObject({ user: null, images: [], generations: [] });
    } finally {
      await thief.close();
    }

    // Nothing in the browser: the stores are gone, and the wizard starts empty, now and after a reload.
    expect(await storedKeys(page)).toEqual([]);
    // No kitchen is left to go back to (issue 36): no such link; the wizard, opened anew, starts empty.
    expect(await page.getByRole('link', { name: 'Back to your kitchen' }).count()).toBe(0);
    await page.goto(stepPath('upload-image'));
    await waitForStep(page, 'upload-image');
    await expectEmptyWizard(page);
    await page.reload();
    await waitForStep(page, 'upload-image');
    await expectEmptyWizard(page);
    expect(await storedKeys(page)).toEqual([]);
  });
});

async function expectEmptyWizard(page: Page): Promise<void> {
  expect(await page.getByRole('img', { name: 'Your kitchen', exact: true }).count()).toBe(0);
  expect(await nextButton(page).getAttribute('aria-disabled')).toBe('true');
  const reasonId = (await nextButton(page).getAttribute('aria-describedby'))?.split(' ')[0];
  expect(await page.locator(`[id="${reasonId}"]`).textContent()).toContain('photo');
}
