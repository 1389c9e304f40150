import type { DoorProfile, FrontFinish, SurfaceTexture, WorktopFinish } from '../contract/catalogue';
import { contrastShade, darken, lighten, luminance, mixColours } from './colour';
import { type SeededRandom, seededRandom, turbulenceSeed } from './random';

// Draws a swatch as SVG: a worktop's surface by its texture (veined, speckled, grain, concrete, brushed
// steel, plain) and finish, or a door front by its profile and finish. Every random choice comes from a
// sequence seeded by the swatch id, so one id always gives the same picture.

export const SWATCH_SIZE = 256;
const S = SWATCH_SIZE;

export type SwatchSpec =
  | {
      kind: 'worktop';
      texture: SurfaceTexture;
      hex: string;
      accentHex?: string;
      finish: WorktopFinish;
    }
  | { kind: 'front'; profile: DoorProfile; hex: string; finish: FrontFinish };

/** Everything that decides a swatch's pixels, in a fixed order: the name its id is derived from. */
export function swatchIdentity(spec: SwatchSpec): string[] {
  return spec.kind === 'worktop'
    ? [spec.kind, spec.texture, spec.hex, spec.accentHex ?? '', spec.finish]
    : [spec.kind, spec.profile, spec.hex, spec.finish];
}

const WORKTOP_SHEEN: Readonly<Record<WorktopFinish, number>> = {
  Polished: 0.4,
  Gloss: 0.45,
  Lacquered: 0.18,
  Satin: 0.15,
  Oiled: 0.1,
  Brushed: 0.12,
  Honed: 0,
  Matt: 0,
  Textured: 0,
  Leathered: 0,
};

const FRONT_SHEEN: Readonly<Record<FrontFinish, number>> = {
  'Super-Matt': 0,
  Matt: 0.04,
  Painted: 0.07,
  Woodgrain: 0.08,
  Lacquered: 0.22,
  Gloss: 0.55,
};

const fmt = (value: number) => value.toFixed(1);

/** Fractal noise as a translucent black or white layer: the clouds of stone and the mottling of concrete. */
function noiseLayer(id: string, seed: number, frequency: number, tone: 'dark' | 'light', strength: number) {
  const channel = tone === 'dark' ? 0 : 1;
  const rgb = `0 0 0 0 ${channel}`;
  return `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${frequency}" numOctaves="4" seed="${seed}"/><feColorMatrix type="matrix" values="${rgb} ${rgb} ${rgb} ${strength} 0 0 0 ${-strength / 2}"/></filter><rect width="${S}" height="${S}" filter="url(#${id})"/>`;
}

/** A diagonal highlight whose strength is the finish's sheen: absent on matt, bright on gloss. */
function sheenLayer(sheen: number): string {
  if (sheen <= 0) return '';
  return `<defs><linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#FFF" stop-opacity="${(sheen * 0.5).toFixed(2)}"/><stop offset="0.35" stop-color="#FFF" stop-opacity="${sheen.toFixed(2)}"/><stop offset="0.5" stop-color="#FFF" stop-opacity="0"/><stop offset="1" stop-color="#FFF" stop-opacity="0"/></linearGradient></defs><rect width="${S}" height="${S}" fill="url(#sheen)"/>`;
}

/** One vein: a smooth wandering curve across the slab, drifting around a shared direction. */
function veinPath(random: SeededRandom, heading: number): string {
  let x = random.between(-S * 0.3, S * 0.7);
  let y = random.between(-S * 0.2, S * 0.4);
  let angle = heading + random.between(-0.3, 0.3);
  let d = `M${fmt(x)} ${fmt(y)}`;
  for (let step = 0; step < 6; step += 1) {
    const length = random.between(45, 80);
    const nextAngle = angle + random.between(-0.45, 0.45);
    const nextX = x + Math.cos(nextAngle) * length;
    const nextY = y + Math.sin(nextAngle) * length;
    // The control point continues the current heading, so the curve has no kinks.
    d += ` Q${fmt(x + Math.cos(angle) * length * 0.5)} ${fmt(y + Math.sin(angle) * length * 0.5)} ${fmt(nextX)} ${fmt(nextY)}`;
    x = nextX;
    y = nextY;
    angle = nextAngle;
  }
  return d;
}

function veins(random: SeededRandom, baseHex: string, accentHex: string | undefined): string {
  const vein = accentHex ?? contrastShade(baseHex, 0.35);
  const heading = random.between(0.35, 1.1);
  const bold: string[] = [];
  const fine: string[] = [];
  const count = random.integer(6, 10);
  for (let index = 0; index < count; index += 1) {
    const d = veinPath(random, heading);
    const opacity = random.between(0.35, 0.8).toFixed(2);
    if (index < 3) {
      bold.push(`<path d="${d}" stroke-width="${fmt(random.between(3, 7))}" stroke-opacity="${opacity}"/>`);
    } else {
      fine.push(
        `<path d="${d}" stroke-width="${fmt(random.between(0.5, 1.4))}" stroke-opacity="${opacity}"/>`,
      );
    }
  }
  const style = `fill="none" stroke="${vein}" stroke-linecap="round"`;
  return `<defs><filter id="wide"><feGaussianBlur stdDeviation="2.2"/></filter><filter id="soft"><feGaussianBlur stdDeviation="0.5"/></filter></defs><g ${style} filter="url(#wide)">${bold.join('')}</g><g ${style} filter="url(#soft)">${fine.join('')}</g>`;
}

function specks(random: SeededRandom, baseHex: string, accentHex: string | undefined, count: number): string {
  const palette = [darken(baseHex, 0.55), lighten(baseHex, 0.45), contrastShade(baseHex, 0.25)];
  if (accentHex) palette.push(accentHex, accentHex);
  const dots: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const fill = palette[random.integer(0, palette.length - 1)];
    dots.push(
      `<circle cx="${fmt(random.between(0, S))}" cy="${fmt(random.between(0, S))}" r="${fmt(random.between(0.5, 2.6))}" fill="${fill}" fill-opacity="${random.between(0.45, 0.95).toFixed(2)}"/>`,
    );
  }
  return dots.join('');
}

/** Wavy growth lines across the board; `vertical` turns them for door fronts. */
function grain(random: SeededRandom, baseHex: string, vertical: boolean): string {
  const lines: string[] = [];
  const count = random.integer(38, 54);
  const frequency = random.between(0.01, 0.025);
  for (let index = 0; index < count; index += 1) {
    const offset = (index / count) * S + random.between(-3, 3);
    const amplitude = random.between(1, 6);
    const phase = random.between(0, Math.PI * 2);
    const points: string[] = [];
    for (let along = -8; along <= S + 8; along += 16) {
      const across = offset + amplitude * Math.sin(along * frequency + phase) + random.between(-0.6, 0.6);
      points.push(vertical ? `${fmt(across)} ${along}` : `${along} ${fmt(across)}`);
    }
    lines.push(
      `<polyline points="${points.join(' ')}" fill="none" stroke="${darken(baseHex, random.between(0.15, 0.45))}" stroke-width="${fmt(random.between(0.5, 2.4))}" stroke-opacity="${random.between(0.2, 0.6).toFixed(2)}"/>`,
    );
  }
  return lines.join('');
}

function brushedLines(random: SeededRandom): string {
  const lines: string[] = [];
  for (let index = 0; index < 220; index += 1) {
    const y = fmt(random.between(0, S));
    const tone = random.next() < 0.5 ? '#000' : '#FFF';
    lines.push(
      `<line x1="0" y1="${y}" x2="${S}" y2="${y}" stroke="${tone}" stroke-width="${fmt(random.between(0.4, 1.1))}" stroke-opacity="${random.between(0.04, 0.14).toFixed(2)}"/>`,
    );
  }
  return lines.join('');
}

function worktopSurface(spec: Extract<SwatchSpec, { kind: 'worktop' }>, seed: string): string {
  const random = seededRandom(seed);
  const noiseSeed = turbulenceSeed(seed);
  const { hex: base, accentHex } = spec;
  const darkStone = luminance(base) < 0.3;
  switch (spec.texture) {
    case 'veined':
      return (
        noiseLayer('clouds', noiseSeed, 0.012, darkStone ? 'light' : 'dark', 0.25) +
        veins(random, base, accentHex)
      );
    case 'speckled':
      return noiseLayer('grains', noiseSeed, 0.05, 'dark', 0.3) + specks(random, base, accentHex, 1400);
    case 'wood':
      return grain(random, base, false);
    case 'concrete':
      return (
        noiseLayer('cement', noiseSeed, 0.03, 'dark', 0.55) +
        noiseLayer('aggregate', noiseSeed + 1, 0.2, 'light', 0.35) +
        specks(random, base, accentHex, 90)
      );
    case 'steel':
      return brushedLines(random);
    case 'plain':
      return noiseLayer('tint', noiseSeed, 0.008, 'dark', 0.08);
  }
}

/** Leathered and textured finishes get a fine relief over the surface. */
function reliefLayer(finish: WorktopFinish, seed: string): string {
  if (finish !== 'Leathered' && finish !== 'Textured') return '';
  return noiseLayer('relief', turbulenceSeed(`${seed}/relief`), 0.09, 'light', 0.35);
}

/** Recessed panel: a dark edge where light is blocked (top, left) and a lit edge opposite. */
function panel(inset: number, baseHex: string, fill = baseHex): string {
  const size = S - inset * 2;
  const far = S - inset;
  return `<rect x="${inset}" y="${inset}" width="${size}" height="${size}" fill="${fill}"/><path d="M${inset} ${far}V${inset}H${far}" fill="none" stroke="${darken(baseHex, 0.3)}" stroke-width="3"/><path d="M${far} ${inset}V${far}H${inset}" fill="none" stroke="${lighten(baseHex, 0.3)}" stroke-width="2"/>`;
}

function grooves(baseHex: string, from: number, to: number, every: number): string {
  const lines: string[] = [];
  for (let x = from + every; x < to; x += every) {
    lines.push(
      `<line x1="${x}" y1="${from}" x2="${x}" y2="${to}" stroke="${darken(baseHex, 0.3)}" stroke-width="2"/><line x1="${x + 2}" y1="${from}" x2="${x + 2}" y2="${to}" stroke="${lighten(baseHex, 0.2)}" stroke-width="1"/>`,
    );
  }
  return lines.join('');
}

function doorProfile(profile: DoorProfile, baseHex: string): string {
  switch (profile) {
    case 'slab':
      return '';
    case 'shaker':
      return panel(48, baseHex);
    case 'slim-shaker':
      return panel(22, baseHex);
    case 'in-frame':
      return panel(10, darken(baseHex, 0.25), baseHex) + panel(54, baseHex);
    case 'beaded':
      return panel(10, darken(baseHex, 0.25), baseHex) + panel(48, baseHex) + panel(56, baseHex);
    case 'tongue-and-groove':
      return panel(40, baseHex) + grooves(baseHex, 40, S - 40, 22);
    case 'glazed':
      return `${panel(40, baseHex, mixColours('#9FB7BD', baseHex, 0.15))}<path d="M${S / 2} 40V${S - 40}M40 ${S / 2}H${S - 40}" stroke="${baseHex}" stroke-width="10"/><path d="M56 ${S - 56}L${S - 90} 56" stroke="#FFF" stroke-opacity="0.35" stroke-width="14"/>`;
    case 'fluted': {
      const ribs: string[] = [];
      for (let x = 0; x < S; x += 16) {
        ribs.push(
          `<rect x="${x}" width="8" height="${S}" fill="${darken(baseHex, 0.12)}" fill-opacity="0.6"/><rect x="${x + 10}" width="3" height="${S}" fill="${lighten(baseHex, 0.2)}" fill-opacity="0.5"/>`,
        );
      }
      return ribs.join('');
    }
    case 'curved':
      return `<defs><linearGradient id="curve"><stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient></defs><rect width="${S}" height="${S}" fill="url(#curve)"/>`;
    case 'j-pull':
      return `<rect width="${S}" height="18" fill="${darken(baseHex, 0.55)}"/><rect y="18" width="${S}" height="3" fill="${lighten(baseHex, 0.25)}"/>`;
    case 'rail':
      return `<rect width="${S}" height="22" fill="#B9BDC0"/><rect y="16" width="${S}" height="6" fill="#6E7275"/>`;
  }
}

function frontSurface(spec: Extract<SwatchSpec, { kind: 'front' }>, seed: string): string {
  const base = spec.hex;
  const texture = spec.finish === 'Woodgrain' ? grain(seededRandom(seed), base, true) : '';
  // A painted door shows a faint brush texture; other finishes are factory smooth.
  const brush =
    spec.finish === 'Painted' ? noiseLayer('brush', turbulenceSeed(seed), 0.02, 'dark', 0.08) : '';
  return texture + brush + doorProfile(spec.profile, base);
}

export function swatchSvg(spec: SwatchSpec, seed: string): string {
  const body =
    spec.kind === 'worktop'
      ? worktopSurface(spec, seed) + reliefLayer(spec.finish, seed) + sheenLayer(WORKTOP_SHEEN[spec.finish])
      : frontSurface(spec, seed) + sheenLayer(FRONT_SHEEN[spec.finish]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}"><rect width="${S}" height="${S}" fill="${spec.hex}"/>${body}</svg>`;
}
