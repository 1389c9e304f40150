// A one-point perspective camera for the concept view: the viewer stands in the room's open side looking at the
// back wall, so vertical edges stay vertical and every receding edge meets at one vanishing point.

export interface Point3 {
  x: number;
  y: number;
  z: number;
}

export interface Point2 {
  x: number;
  y: number;
}

/** A face's four corners, in order round its edge. */
export type Quad3 = [Point3, Point3, Point3, Point3];

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Eye height above the floor in metres: a standing adult, so worktops show their top surface. */
export const EYE_HEIGHT = 1.4;

export interface Camera {
  width: number;
  height: number;
  project(point: Point3): Point2;
}

export function makeCamera(width: number, height: number): Camera {
  // The focal length follows the width only, so a portrait frame shows more floor and ceiling, never less room.
  const focal = width * 0.75;
  const centreX = width / 2;
  const centreY = height * 0.47;
  return {
    width,
    height,
    project: ({ x, y, z }) => ({ x: centreX + (focal * x) / z, y: centreY - (focal * (y - EYE_HEIGHT)) / z }),
  };
}

/** A coordinate as SVG text: a tenth of a pixel is finer than anything drawn. */
export const fmt = (value: number) => value.toFixed(1);

export function polygonPoints(points: readonly Point2[]): string {
  return points.map((point) => `${fmt(point.x)},${fmt(point.y)}`).join(' ');
}

export function boundsOf(points: readonly Point2[]): Rect {
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

export function rectsOverlap(a: Rect, b: Rect): boolean {
  return (
    a.left < b.left + b.width &&
    b.left < a.left + a.width &&
    a.top < b.top + b.height &&
    b.top < a.top + a.height
  );
}
