import { darken, lighten, luminance } from '../../../swatches/colour';
import type { KitchenDesign } from './design';
import { type Camera, polygonPoints } from './perspective';
import { type CabinetPlan, type FrontPlan, frontPoint } from './plan';

// One door, drawer or oven front, drawn in its own face coordinates (u across, v down, 0..1) and projected, so
// the same drawing serves fronts that face the camera and fronts foreshortened along a side wall. Highlights
// keep to the door's top band and hinge-side strip, leaving its middle plain (see PLAIN_DOOR_AREA).

interface FrontContext {
  camera: Camera;
  cabinet: CabinetPlan;
  front: FrontPlan;
  design: KitchenDesign;
  /** Door size in metres, to turn physical insets into u and v. */
  width: number;
  height: number;
}

const GAP = 0.003;

function quad(context: FrontContext, u0: number, v0: number, u1: number, v1: number): string {
  const { camera, cabinet, front } = context;
  return polygonPoints([
    camera.project(frontPoint(cabinet, front, u0, v0)),
    camera.project(frontPoint(cabinet, front, u1, v0)),
    camera.project(frontPoint(cabinet, front, u1, v1)),
    camera.project(frontPoint(cabinet, front, u0, v1)),
  ]);
}

/** A quad given by insets in metres from the door's edges. */
function inset(context: FrontContext, left: number, top: number, right: number, bottom: number): string {
  const { width, height } = context;
  return quad(context, left / width, top / height, 1 - right / width, 1 - bottom / height);
}

function shape(points: string, fill: string, opacity = 1): string {
  const alpha = opacity < 1 ? ` fill-opacity="${opacity.toFixed(3)}"` : '';
  return `<polygon points="${points}" fill="${fill}"${alpha}/>`;
}

/**
 * A recessed panel `margin` metres in from the door's edges. The light comes from the upper right, so the
 * frame shades the panel's top and right bevels and lights its bottom and left ones.
 */
function recessedPanel(context: FrontContext, margin: number): string {
  const hex = context.design.fronts.hex;
  const bevel = 0.016;
  const m = Math.min(margin, context.height * 0.28);
  const inner = m + bevel;
  return [
    shape(inset(context, m, m, m, context.height - inner), darken(hex, 0.3)),
    shape(inset(context, context.width - inner, m, m, m), darken(hex, 0.2)),
    shape(inset(context, m, context.height - inner, m, m), lighten(hex, 0.3)),
    shape(inset(context, m, inner, context.width - inner, m), lighten(hex, 0.18)),
  ].join('');
}

function grooves(context: FrontContext, margin: number): string {
  const { width, design } = context;
  const lines: string[] = [];
  for (let x = margin + 0.07; x < width - margin - 0.03; x += 0.07) {
    lines.push(shape(inset(context, x, margin, width - x - 0.005, margin), darken(design.fronts.hex, 0.3)));
    lines.push(
      shape(inset(context, x + 0.005, margin, width - x - 0.008, margin), lighten(design.fronts.hex, 0.2)),
    );
  }
  return recessedPanel(context, margin) + lines.join('');
}

function glassPanel(context: FrontContext): string {
  const { width, height, design } = context;
  const margin = 0.06;
  const bar = 0.012;
  const midU = width / 2;
  return [
    shape(inset(context, margin, margin, margin, margin), 'url(#glass)'),
    // A shelf seen through the glass, then the glazing bars.
    shape(
      inset(context, margin, height * 0.5 - 0.006, margin, height * 0.5 - 0.006),
      darken('#C9D6DA', 0.3),
      0.6,
    ),
    shape(inset(context, midU - bar / 2, margin, midU - bar / 2, margin), design.fronts.hex),
    shape(inset(context, margin, height / 2 - bar / 2, margin, height / 2 - bar / 2), design.fronts.hex),
    recessedPanel(context, margin - 0.012),
  ].join('');
}

function profileDetail(context: FrontContext): string {
  const { design, front } = context;
  const hex = design.fronts.hex;
  const isWallDoor = front.kind === 'wall-door';
  switch (design.profile) {
    case 'slab':
      return '';
    case 'shaker':
      return recessedPanel(context, 0.07);
    case 'slim-shaker':
      return recessedPanel(context, 0.035);
    case 'in-frame':
      return frameShadow(context) + recessedPanel(context, 0.075);
    case 'beaded':
      // A rounded bead runs round the frame opening: a lit line with its shadow, just inside the door's edge.
      return (
        frameShadow(context) +
        shape(inset(context, 0.014, 0.014, 0.014, 0.014), darken(hex, 0.35)) +
        shape(inset(context, 0.02, 0.02, 0.02, 0.02), lighten(hex, 0.35)) +
        shape(inset(context, 0.026, 0.026, 0.026, 0.026), hex) +
        recessedPanel(context, 0.075)
      );
    case 'tongue-and-groove':
      return grooves(context, 0.06);
    case 'glazed':
      return isWallDoor ? glassPanel(context) : recessedPanel(context, 0.07);
    case 'fluted':
      return shape(inset(context, 0.01, 0, 0.01, 0), 'url(#flutes)');
    case 'curved':
      return shape(inset(context, 0, 0, 0, 0), 'url(#curve)');
    case 'j-pull': {
      // The groove runs along the top of base fronts and the bottom of wall units, where the hand reaches.
      const groove = 0.03;
      return isWallDoor
        ? shape(inset(context, -GAP, context.height - 0.02, -GAP, 0), darken(hex, 0.55))
        : shape(inset(context, -GAP, 0, -GAP, context.height - groove), darken(hex, 0.6)) +
            shape(inset(context, -GAP, groove, -GAP, context.height - groove - 0.006), lighten(hex, 0.3));
    }
    case 'rail':
      // A recessed aluminium channel above each base front, continuous along the run.
      return isWallDoor
        ? shape(inset(context, 0, context.height - 0.008, 0, 0), darken(hex, 0.35))
        : shape(inset(context, -GAP * 2, 0, -GAP * 2, context.height - 0.035), '#AEB2B5') +
            shape(inset(context, -GAP * 2, 0.026, -GAP * 2, context.height - 0.035), '#6D7175');
  }
}

/** In-frame doors sit inside a face frame: a deeper shadow line all round the door. */
function frameShadow(context: FrontContext): string {
  const hex = context.design.fronts.hex;
  return (
    shape(inset(context, 0, 0, 0, context.height - 0.014), darken(hex, 0.45)) +
    shape(inset(context, context.width - 0.014, 0, 0, 0), darken(hex, 0.35)) +
    shape(inset(context, 0, context.height - 0.008, 0, 0), darken(hex, 0.25)) +
    shape(inset(context, 0, 0, context.width - 0.008, 0), darken(hex, 0.25))
  );
}

/** The finish's sheen: none on super-matt, a soft top band on matt and paint, window streaks on lacquer and gloss. */
function finishHighlight(context: FrontContext): string {
  const { finish } = context.design.fronts;
  const topBand = (opacity: number) => shape(quad(context, 0, 0, 1, 0.3), 'url(#sheen-down)', opacity);
  const streak = (from: number, to: number, opacity: number) =>
    shape(quad(context, from, 0, to, 1), 'url(#streak)', opacity);
  switch (finish) {
    case 'Super-Matt':
      return '';
    case 'Matt':
      return topBand(0.5);
    case 'Painted':
      // Hand-painted: brush marks instead of a factory sheen.
      return shape(quad(context, 0, 0, 1, 1), 'url(#brush)');
    case 'Woodgrain':
      return topBand(0.25);
    case 'Lacquered':
      return topBand(0.6) + streak(0.06, 0.24, 0.55);
    case 'Gloss':
      return (
        topBand(1) +
        streak(0.05, 0.22, 1) +
        streak(0.24, 0.28, 0.7) +
        shape(quad(context, 0, 0.965, 1, 1), '#FFFFFF', 0.35)
      );
  }
}

function metalFor(hex: string): string {
  // Dark nickel reads on pale fronts, brushed brass on dark and timber ones.
  return luminance(hex) > 0.5 ? '#4F5357' : '#C4A46A';
}

/** Handle placement: at the top of base fronts and the bottom of wall-height ones, by the opening edge. */
function handle(context: FrontContext): string {
  const { design, front, width, height } = context;
  if (design.handle === 'none' || front.kind === 'oven') return '';
  const metal = metalFor(design.fronts.hex);
  const fromOpening = (metres: number) => (front.opening === 'right' ? width - metres : metres);
  const highFront = front.y0 > 1.2;
  const drawer = front.kind === 'drawer';
  const centreV = drawer ? height / 2 : highFront ? height - 0.07 : 0.07;
  const centreU = drawer ? width / 2 : fromOpening(0.05);
  const parts: [number, number, number, number][] = [];
  if (design.handle === 'knob') {
    const r = 0.02;
    parts.push([centreU - r, centreV - r, centreU + r, centreV + r]);
  } else if (design.handle === 'bar') {
    const half = drawer ? Math.min(0.18, width * 0.32) : Math.min(0.14, height * 0.22);
    const thick = 0.009;
    if (drawer) parts.push([centreU - half, centreV - thick, centreU + half, centreV + thick]);
    else {
      const top = highFront ? height - 0.06 - half * 2 : 0.06;
      parts.push([centreU - thick, top, centreU + thick, top + half * 2]);
    }
  } else {
    const cupU = drawer ? centreU : fromOpening(0.1);
    parts.push([cupU - 0.055, centreV - 0.015, cupU + 0.055, centreV + 0.025]);
  }
  const drop = 0.008;
  return parts
    .map(([u0, v0, u1, v1]) => {
      const at = (du: number, dv: number) =>
        quad(context, (u0 + du) / width, (v0 + dv) / height, (u1 + du) / width, (v1 + dv) / height);
      const cup =
        design.handle === 'cup'
          ? shape(
              quad(context, (u0 + 0.008) / width, v0 / height, (u1 - 0.008) / width, (v0 + 0.012) / height),
              '#1A1A1A',
              0.7,
            )
          : '';
      return `${shape(at(-drop, drop), '#000000', 0.28)}${shape(at(0, 0), metal)}${shape(quad(context, u0 / width, v0 / height, u1 / width, (v0 + (v1 - v0) * 0.35) / height), lighten(metal, 0.45), 0.8)}${cup}`;
    })
    .join('');
}

function ovenFront(context: FrontContext): string {
  return [
    shape(inset(context, 0, 0, 0, 0), '#2A2C2E'),
    shape(inset(context, 0.03, 0.09, 0.03, 0.03), 'url(#oven-glass)'),
    shape(inset(context, 0.02, 0.015, 0.02, context.height - 0.06), '#9DA2A6'),
    shape(inset(context, 0.08, 0.065, 0.08, context.height - 0.078), '#D5D8DA'),
  ].join('');
}

export function frontSvg(
  camera: Camera,
  cabinet: CabinetPlan,
  front: FrontPlan,
  design: KitchenDesign,
): string {
  const context: FrontContext = {
    camera,
    cabinet,
    front,
    design,
    width: front.s1 - front.s0,
    height: front.y1 - front.y0,
  };
  if (front.kind === 'oven') return ovenFront(context);
  const fill = design.fronts.finish === 'Woodgrain' ? 'url(#woodgrain)' : design.fronts.hex;
  return (
    shape(inset(context, GAP, GAP, GAP, GAP), fill) +
    profileDetail(context) +
    finishHighlight(context) +
    handle(context)
  );
}
