import { describe, expect, it } from 'vitest';
import { labelOf, type Mark } from '../../src/marking/brushes';
import { toLab } from '../../src/marking/colour-lab';
import { DEFAULT_COUNTER_TOP, topsBehindFaces } from '../../src/marking/counter-top';
import { edgeStrength } from '../../src/marking/edge-strength';
import { MarkingSession } from '../../src/marking/marking-session';
import { drawnPicture, drawnPlane, type Rgb } from './drawn-pictures';

// Issue 32, kitchen-05 and -08: a visitor's stroke "along the counter" runs on the counter's thin front face, in
// shade under the lit top. The top meets a splashback of its own wood at a faint line and the face at a hard
// crease, so the growth stopped at the crease and keep took the top from the wall. A face is told from the top
// by what lies under it: the doors (another material) under a face, the face (the same wood) under a top.
const WIDTH = 320;
const HEIGHT = 200;
const SPLASHBACK: Rgb = [168, 118, 78];
const TOP_LIT: Rgb = [186, 134, 92];
const FACE_IN_SHADE: Rgb = [112, 78, 50];
const SHADOW: Rgb = [40, 40, 42];
const DOORS: Rgb = [236, 236, 234];
const TOP = { from: 96, to: 110 };
const FACE = { from: 110, to: 117 };

const counter = drawnPicture(WIDTH, HEIGHT, (_, y) => {
  if (y < TOP.from) return SPLASHBACK;
  if (y < TOP.to) return TOP_LIT;
  if (y < FACE.to) return FACE_IN_SHADE;
  if (y < FACE.to + 2) return SHADOW;
  return DOORS;
});
const top = drawnPlane(WIDTH, HEIGHT, (x, y) => x >= 40 && x <= 280 && y >= TOP.from && y < TOP.to);
const splashback = drawnPlane(WIDTH, HEIGHT, (_, y) => y < TOP.from - 3);

const WORKTOP = labelOf('worktop');
const share = (pixels: Uint8Array, plane: Uint8Array) =>
  pixels.filter((label, pixel) => label === WORKTOP && plane[pixel] === 1).length /
  plane.filter(Boolean).length;
const alongTheFace: Mark = { kind: 'stroke', brush: 'worktop', points: [40, 113, 280, 113] };
const alongTheTop: Mark = { kind: 'stroke', brush: 'worktop', points: [40, 103, 280, 103] };
const without = { ...DEFAULT_COUNTER_TOP, shortestRun: Number.POSITIVE_INFINITY };

describe('a stroke drawn on a counter’s front face', () => {
  it('marks the top behind it, and not the splashback of the same wood', () => {
    const { pixels } = new MarkingSession(counter, { regions: 400 }).mark([alongTheFace]);
    expect(share(pixels, top)).toBeGreaterThan(0.9);
    expect(share(pixels, splashback)).toBe(0);
  });

  it('is what the top step adds: the growth alone leaves most of the top to keep', () => {
    const { pixels } = new MarkingSession(counter, { regions: 400, counterTop: without }).mark([
      alongTheFace,
    ]);
    expect(share(pixels, top)).toBeLessThan(0.5);
  });

  it('is never taken further where the visitor painted "Not this" on the top', () => {
    const notThis: Mark = { kind: 'stroke', brush: 'not-this', points: [40, 102, 280, 102] };
    const { pixels } = new MarkingSession(counter, { regions: 400 }).mark([alongTheFace, notThis]);
    expect(share(pixels, top)).toBeLessThan(0.2);
  });
});

describe('a stroke drawn on the top itself', () => {
  const lab = toLab(counter);
  const edges = edgeStrength(lab);

  it('pins nothing beyond it: under a top lies its face, the same wood', () => {
    expect(topsBehindFaces(lab, edges, [alongTheTop.points])).toEqual([]);
  });

  it('draws one on the top, just past the face’s crease, when drawn on the face', () => {
    const [onTop, ...more] = topsBehindFaces(lab, edges, [alongTheFace.points]);
    expect(more).toEqual([]);
    const points = onTop ?? [];
    expect(points.length / 2).toBeGreaterThan(50);
    for (let i = 0; i < points.length; i += 2)
      expect(top[(points[i + 1] ?? 0) * WIDTH + (points[i] ?? 0)]).toBe(1);
  });
});

// Issue 32, kitchen-08: a grey counter seen at eye level, its face a thick band in shade over the dark gap under the
// counter's lip, a black utensil pot standing on the top against the face's crease.
describe('a grey counter, where lightness tells a face from its shadow', () => {
  const GREY_TOP: Rgb = [150, 150, 148];
  const GREY_FACE: Rgb = [100, 100, 98];
  const LIP_SHADOW: Rgb = [48, 48, 48];
  const POT: Rgb = [38, 38, 38];
  const TILES: Rgb = [235, 235, 232];
  const DRAWERS: Rgb = [196, 170, 130];
  const pot = (x: number, y: number) => x >= 120 && x < 170 && y >= 60 && y < 110;
  const grey = drawnPicture(WIDTH, HEIGHT, (x, y) => {
    if (pot(x, y)) return POT;
    if (y < TOP.from) return TILES;
    if (y < TOP.to) return GREY_TOP;
    if (y < FACE.to) return GREY_FACE;
    if (y < FACE.to + 6) return LIP_SHADOW;
    return DRAWERS;
  });
  const lab = toLab(grey);
  const edges = edgeStrength(lab);
  const xs = (strokes: number[][]) => strokes.flatMap((points) => points.filter((_, i) => i % 2 === 0));

  it('is a face over the dark gap under the lip, not a top over its own face', () => {
    expect(xs(topsBehindFaces(lab, edges, [alongTheFace.points])).length).toBeGreaterThan(50);
    const shadowAsFace = { ...DEFAULT_COUNTER_TOP, underLightness: DEFAULT_COUNTER_TOP.lightness };
    expect(topsBehindFaces(lab, edges, [alongTheFace.points], shadowAsFace)).toEqual([]);
  });

  it('draws nothing on a dark thing standing on the top: it is darker than the face, not lit from above', () => {
    const onPot = (x: number) => x >= 120 && x < 170;
    expect(xs(topsBehindFaces(lab, edges, [alongTheFace.points])).filter(onPot)).toEqual([]);
    const anyShade = { ...DEFAULT_COUNTER_TOP, darker: Number.POSITIVE_INFINITY };
    expect(
      xs(topsBehindFaces(lab, edges, [alongTheFace.points], anyShade)).filter(onPot).length,
    ).toBeGreaterThan(5);
  });
});
