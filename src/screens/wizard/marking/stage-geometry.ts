// Where a pointer is on the photo, in the working picture's pixels, whatever the zoom and scroll; and the zoom
// steps the buttons and a pinch move between.
export interface StageBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export function pointOnPicture(
  clientX: number,
  clientY: number,
  box: StageBox,
  pictureWidth: number,
  pictureHeight: number,
): [number, number] {
  const x = ((clientX - box.left) / Math.max(1, box.width)) * pictureWidth;
  const y = ((clientY - box.top) / Math.max(1, box.height)) * pictureHeight;
  return [Math.min(pictureWidth - 1, Math.max(0, x)), Math.min(pictureHeight - 1, Math.max(0, y))];
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
const ZOOM_STEPS = [1, 1.5, 2, 3, 4];

export const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** The next zoom step in or out from `zoom`. */
export function zoomStep(zoom: number, direction: 1 | -1): number {
  if (direction === 1) return ZOOM_STEPS.find((step) => step > zoom + 0.01) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - 0.01) ?? MIN_ZOOM;
}
