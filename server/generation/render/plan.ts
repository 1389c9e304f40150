import type { KitchenLayoutId } from '../../../contract/layouts';
import { boundsOf, type Camera, type Point3, type Rect, rectsOverlap } from './perspective';

// Where everything stands in the room for each layout: runs of base units on the walls, wall units above them,
// an island or a peninsula in front, and the doors and drawers on every run. Sizes are UK standard (reference
// catalogue §5): plinth 150 mm, worktop at about 900 mm, base units 600 mm deep, wall units 330 mm deep from
// 1450 mm. The camera stands in the open fourth side of the room.

export const ROOM = { halfWidth: 2.1, back: 5.6, ceiling: 2.6, near: 3.0 } as const;
export const BASE = { plinth: 0.15, top: 0.87, depth: 0.6 } as const;
export const WALL_UNIT = { bottom: 1.45, top: 2.17, depth: 0.33 } as const;
const UNIT_WIDTH = 0.6;

/** Maps run coordinates to the room: `s` along the run (left to right as seen), `y` up, `d` behind the front. */
export type Frame = (s: number, y: number, d: number) => Point3;

/** Which way a run's fronts face: the camera, or across the room from the left or right wall. */
export type Facing = 'camera' | 'right' | 'left';

export type FrontKind = 'door' | 'drawer' | 'oven' | 'wall-door';

export interface FrontPlan {
  kind: FrontKind;
  s0: number;
  s1: number;
  y0: number;
  y1: number;
  /** The side the handle goes: the edge away from the hinge. */
  opening: 'left' | 'right';
}

export type CabinetRole = 'base' | 'wall' | 'tall' | 'island';

export interface CabinetPlan {
  role: CabinetRole;
  facing: Facing;
  frame: Frame;
  s0: number;
  s1: number;
  y0: number;
  y1: number;
  d0: number;
  d1: number;
  fronts: FrontPlan[];
  /** Base runs carry the hob and sink; only the back run (or a side run in a galley) does. */
  appliances: ('hob' | 'sink')[];
  /** Where the worktop runs along `s` when it differs from the box: a side run's top covers the corner. */
  worktopSpan?: { s0: number; s1: number };
}

export interface KitchenPlan {
  cabinets: CabinetPlan[];
  /** The window on the back wall (x and y ranges in metres). */
  window: { x0: number; x1: number; y0: number; y1: number };
  /** Back-wall spans (x ranges) that carry a splashback and wall units. */
  backRun?: { x0: number; x1: number };
  sideRuns: { side: 'left' | 'right'; z0: number; z1: number }[];
}

const { halfWidth: R, back: BACK, near: NEAR } = ROOM;

const backFrame =
  (x0: number, frontZ: number): Frame =>
  (s, y, d) => ({ x: x0 + s, y, z: frontZ + d });
const leftFrame =
  (z0: number): Frame =>
  (s, y, d) => ({ x: -R + BASE.depth - d, y, z: z0 + s });
const rightFrame =
  (z1: number): Frame =>
  (s, y, d) => ({ x: R - BASE.depth + d, y, z: z1 - s });

/** Splits a run into units about 600 mm wide and gives each its fronts; `pattern` picks the unit types in turn. */
function unitFronts(length: number, pattern: readonly ('door' | 'drawers' | 'oven')[], s0 = 0): FrontPlan[] {
  const count = Math.max(1, Math.round(length / UNIT_WIDTH));
  const width = length / count;
  const fronts: FrontPlan[] = [];
  for (let index = 0; index < count; index += 1) {
    const left = s0 + index * width;
    const right = left + width;
    const opening = index % 2 === 0 ? 'right' : 'left';
    const type = pattern[index % pattern.length];
    const bottom = BASE.plinth;
    const top = BASE.top;
    if (type === 'door') fronts.push({ kind: 'door', s0: left, s1: right, y0: bottom, y1: top, opening });
    if (type === 'drawers') {
      for (const [y0, y1] of [
        [bottom, 0.43],
        [0.43, 0.7],
        [0.7, top],
      ] as const) {
        fronts.push({ kind: 'drawer', s0: left, s1: right, y0, y1, opening });
      }
    }
    if (type === 'oven') {
      fronts.push({ kind: 'drawer', s0: left, s1: right, y0: bottom, y1: 0.3, opening });
      fronts.push({ kind: 'oven', s0: left, s1: right, y0: 0.3, y1: top, opening });
    }
  }
  return fronts;
}

function wallFronts(s0: number, s1: number): FrontPlan[] {
  const count = Math.max(1, Math.round((s1 - s0) / 0.5));
  const width = (s1 - s0) / count;
  return Array.from({ length: count }, (_, index) => ({
    kind: 'wall-door' as const,
    s0: s0 + index * width,
    s1: s0 + (index + 1) * width,
    y0: WALL_UNIT.bottom,
    y1: WALL_UNIT.top,
    opening: index % 2 === 0 ? ('right' as const) : ('left' as const),
  }));
}

function baseRun(
  facing: Facing,
  frame: Frame,
  length: number,
  pattern: readonly ('door' | 'drawers' | 'oven')[],
  appliances: CabinetPlan['appliances'],
  role: CabinetRole = 'base',
  depth: number = BASE.depth,
): CabinetPlan {
  return {
    role,
    facing,
    frame,
    s0: 0,
    s1: length,
    y0: 0,
    y1: BASE.top,
    d0: 0,
    d1: depth,
    fronts: unitFronts(length, pattern),
    appliances,
  };
}

function wallRun(facing: Facing, frame: Frame, s0: number, s1: number): CabinetPlan {
  return {
    role: 'wall',
    facing,
    frame,
    s0,
    s1,
    y0: WALL_UNIT.bottom,
    y1: WALL_UNIT.top,
    d0: BASE.depth - WALL_UNIT.depth,
    d1: BASE.depth,
    fronts: wallFronts(s0, s1),
    appliances: [],
  };
}

/** A full-height larder unit at the left end of a single-wall run: two doors, one above the other. */
function tallUnit(): CabinetPlan {
  const frame = backFrame(-R, BACK - BASE.depth);
  const door = (y0: number, y1: number): FrontPlan => ({
    kind: 'door',
    s0: 0,
    s1: UNIT_WIDTH,
    y0,
    y1,
    opening: 'right',
  });
  return {
    role: 'tall',
    facing: 'camera',
    frame,
    s0: 0,
    s1: UNIT_WIDTH,
    y0: 0,
    y1: WALL_UNIT.top,
    d0: 0,
    d1: BASE.depth,
    fronts: [door(BASE.plinth, 1.3), door(1.3, WALL_UNIT.top)],
    appliances: [],
  };
}

const WINDOW_HALF = 0.55;

/** The back run with its wall units either side of the window; `wallX0..wallX1` is where wall units may go. */
function backRunCabinets(x0: number, x1: number, wallX0: number, wallX1: number): CabinetPlan[] {
  const frame = backFrame(x0, BACK - BASE.depth);
  return [
    baseRun(
      'camera',
      frame,
      x1 - x0,
      ['drawers', 'door', 'door', 'oven', 'door', 'drawers'],
      ['hob', 'sink'],
    ),
    wallRun('camera', frame, wallX0 - x0, -WINDOW_HALF - 0.1 - x0),
    wallRun('camera', frame, WINDOW_HALF + 0.1 - x0, wallX1 - x0),
  ];
}

/**
 * A side run from the room's near edge to the back wall. With a back run, the corner belongs to the side run's
 * worktop but its boxes stop where the back run's fronts begin, so no hidden face is drawn over them.
 */
function sideRunCabinets(
  side: 'left' | 'right',
  z0: number,
  hasBackRun: boolean,
  galley: boolean,
): CabinetPlan[] {
  const length = BACK - z0;
  const facing: Facing = side === 'left' ? 'right' : 'left';
  const frame = side === 'left' ? leftFrame(z0) : rightFrame(BACK);
  const baseCorner = hasBackRun ? BASE.depth : 0;
  const wallCorner = hasBackRun ? WALL_UNIT.depth : 0;
  // The left run is laid out from the camera towards the back wall, the right run from the back wall out.
  const [baseS0, baseS1] = side === 'left' ? [0, length - baseCorner] : [baseCorner, length];
  const [wallS0, wallS1] = side === 'left' ? [0, length - wallCorner] : [wallCorner, length];
  const pattern =
    galley && side === 'left'
      ? (['door', 'oven', 'door', 'drawers'] as const)
      : (['door', 'drawers'] as const);
  const base = baseRun(facing, frame, length, pattern, galley ? [side === 'left' ? 'hob' : 'sink'] : []);
  base.s0 = baseS0;
  base.s1 = baseS1;
  base.fronts = unitFronts(baseS1 - baseS0, pattern, baseS0);
  base.worktopSpan = { s0: 0, s1: length };
  return [wallRun(facing, frame, wallS0, wallS1), base];
}

function islandCabinet(x0: number, x1: number, z: number, depth: number, role: CabinetRole): CabinetPlan {
  return baseRun('camera', backFrame(x0, z), x1 - x0, ['drawers', 'door', 'door'], [], role, depth);
}

export function planKitchen(layout: KitchenLayoutId, hasIsland: boolean): KitchenPlan {
  const cabinets: CabinetPlan[] = [];
  const sideRuns: KitchenPlan['sideRuns'] = [];
  let backRun: KitchenPlan['backRun'];
  const hasLeft = layout !== 'single-wall';
  const hasRight = layout === 'galley' || layout === 'u-shaped' || layout === 'peninsula';
  const hasBack = layout !== 'galley';
  if (hasBack) {
    const x0 = hasLeft ? -R + BASE.depth : -R + UNIT_WIDTH;
    const x1 = hasRight ? R - BASE.depth : R;
    backRun = { x0: hasLeft ? -R : x0, x1: R };
    if (layout === 'single-wall') cabinets.push(tallUnit());
    const wallX0 = hasLeft ? -R + WALL_UNIT.depth : x0;
    const wallX1 = hasRight ? R - WALL_UNIT.depth : R;
    cabinets.push(...backRunCabinets(x0, x1, wallX0, wallX1));
  }
  const rightNear = layout === 'peninsula' ? 4.3 : NEAR;
  if (hasLeft) {
    sideRuns.push({ side: 'left', z0: NEAR, z1: BACK });
    cabinets.push(...sideRunCabinets('left', NEAR, hasBack, layout === 'galley'));
  }
  if (hasRight) {
    sideRuns.push({ side: 'right', z0: rightNear, z1: BACK });
    cabinets.push(...sideRunCabinets('right', rightNear, hasBack, layout === 'galley'));
  }
  if (layout === 'peninsula') cabinets.push(islandCabinet(0.3, R, 3.5, 0.8, 'island'));
  if (hasIsland) {
    const [x0, x1] = layout === 'peninsula' ? [-1.4, -0.2] : layout === 'galley' ? [-0.75, 0.75] : [-1, 1];
    cabinets.push(islandCabinet(x0, x1, 3.05, 0.95, 'island'));
  }
  const window =
    layout === 'galley'
      ? { x0: -0.8, x1: 0.8, y0: 0.95, y1: 2.25 }
      : { x0: -WINDOW_HALF, x1: WINDOW_HALF, y0: 1.12, y1: 2.2 };
  return { cabinets, window, backRun, sideRuns };
}

/** The run-local point of a front's face at (u, v): u across from the left, v down from the top, both 0..1. */
export function frontPoint(cabinet: CabinetPlan, front: FrontPlan, u: number, v: number): Point3 {
  return cabinet.frame(
    front.s0 + u * (front.s1 - front.s0),
    front.y1 - v * (front.y1 - front.y0),
    cabinet.d0,
  );
}

/** The part of a plain door kept free of handles, profile lines, grain and highlights (u, v ranges). */
export const PLAIN_DOOR_AREA = { u0: 0.32, u1: 0.68, v0: 0.42, v1: 0.74 } as const;

function plainRegion(camera: Camera, cabinet: CabinetPlan, front: FrontPlan): Rect {
  const { u0, u1, v0, v1 } = PLAIN_DOOR_AREA;
  const topLeft = camera.project(frontPoint(cabinet, front, u0, v0));
  const topRight = camera.project(frontPoint(cabinet, front, u1, v0));
  const bottomRight = camera.project(frontPoint(cabinet, front, u1, v1));
  const bottomLeft = camera.project(frontPoint(cabinet, front, u0, v1));
  // The largest upright rectangle inside the (possibly foreshortened) quad, rounded inwards to whole pixels.
  const left = Math.ceil(Math.max(topLeft.x, bottomLeft.x));
  const right = Math.floor(Math.min(topRight.x, bottomRight.x));
  const top = Math.ceil(Math.max(topLeft.y, topRight.y));
  const bottom = Math.floor(Math.min(bottomRight.y, bottomLeft.y));
  return { left, top, width: right - left, height: bottom - top };
}

/** The screen outline of a cabinet box, for deciding what a nearer cabinet hides. */
export function cabinetBounds(camera: Camera, cabinet: CabinetPlan): Rect {
  const points = [];
  for (const s of [cabinet.s0, cabinet.s1])
    for (const y of [cabinet.y0, cabinet.y1 + 0.05])
      for (const d of [cabinet.d0 - 0.03, cabinet.d1]) points.push(camera.project(cabinet.frame(s, y, d)));
  return boundsOf(points);
}

/**
 * Screen rectangles of plain front surface (no handle, profile line, grain or highlight) on doors that face the
 * camera or the right-hand side and that nothing nearer hides: where a test can read the front colour.
 */
export function plainFrontRegions(layout: KitchenLayoutId, hasIsland: boolean, camera: Camera): Rect[] {
  const { cabinets } = planKitchen(layout, hasIsland);
  const regions: Rect[] = [];
  cabinets.forEach((cabinet, index) => {
    if (cabinet.facing === 'left' || cabinet.role === 'wall') return;
    const nearer = cabinets.slice(index + 1).map((other) => cabinetBounds(camera, other));
    for (const front of cabinet.fronts) {
      if (front.kind !== 'door') continue;
      const region = plainRegion(camera, cabinet, front);
      const inside =
        region.width >= 4 &&
        region.height >= 4 &&
        region.left >= 0 &&
        region.top >= 0 &&
        region.left + region.width <= camera.width &&
        region.top + region.height <= camera.height;
      if (inside && !nearer.some((bounds) => rectsOverlap(bounds, region))) regions.push(region);
    }
  });
  return regions;
}
