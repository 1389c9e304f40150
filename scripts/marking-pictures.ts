// Draws, for every traced real kitchen whose photo is present (or those named), what a visitor's natural strokes
// mark and the result they give, into .pictures/ (not committed: the photos are not ours to publish). Run with
// `npm run pictures [-- kitchen-04 kitchen-13]`; look at them before calling a change to the marking done (issue
// 32). <name>-marking.png: fronts and worktop right in the brushes' colours, the room marked as fronts red and as
// worktop green, one surface marked as the other yellow, a surface missed tinted magenta. <name>-result.png: dark
// green matt Shaker fronts and a walnut laminate worktop.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { surfaceLooksOf } from '../recolour/looks';
import { catalogueFront, catalogueWorktop } from '../tooling/known-kitchens';
import { HAND_MARKED_KITCHENS } from '../tooling/marked-real-kitchens';
import { realPhotosPlace, realPhotosPresent } from '../tooling/paths';
import { locatedObjects, markNaturally, openTracedKitchen } from '../tooling/real-kitchen-marking';
import { markingPicture, resultPicture } from '../tooling/real-kitchen-pictures';

const OUT = path.join(import.meta.dirname, '..', '.pictures');
const LOOK = surfaceLooksOf(
  catalogueFront('Shaker', 'Matt', 'Racing Green'),
  catalogueWorktop('Laminate', 'Walnut', 'Matt'),
);

const named = process.argv.slice(2);
const unknown = named.filter((name) => !HAND_MARKED_KITCHENS.some((kitchen) => kitchen.name === name));
if (unknown.length > 0) throw new Error(`No traced kitchen called ${unknown.join(', ')}`);
if (!realPhotosPresent) throw new Error(`The real photos are not at ${realPhotosPlace} (set FIXTURES_DIR)`);
mkdirSync(OUT, { recursive: true });
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
for (const kitchen of HAND_MARKED_KITCHENS) {
  if (named.length > 0 && !named.includes(kitchen.name)) continue;
  const opened = await openTracedKitchen(kitchen, await locatedObjects(kitchen));
  if (!opened) continue;
  const marking = markNaturally(kitchen, opened);
  writeFileSync(
    path.join(OUT, `${kitchen.name}-marking.png`),
    await markingPicture(kitchen, opened, marking.pixels),
  );
  writeFileSync(
    path.join(OUT, `${kitchen.name}-result.png`),
    await resultPicture(kitchen, opened, marking.pixels, LOOK),
  );
  console.log(
    `${kitchen.name}${kitchen.heldOut ? ' (held out)' : ''}: room marked ${percent(marking.keepMarked)}, ` +
      `fronts ${percent(marking.recall.fronts)}, worktop ${percent(marking.recall.worktop)}, ` +
      `hob, sink and counter things ${percent(marking.keptMarked)}`,
  );
}
console.log(`Pictures in ${OUT}`);
