import { worktopReflection } from '../../../recolour/looks';
import { darken, lighten, mixColours } from '../../../swatches/colour';
import { seededRandom } from '../../../swatches/random';
import type { KitchenDesign } from './design';
import { frontSvg } from './fronts';
import { type Camera, EYE_HEIGHT, fmt, type Point3, polygonPoints, type Quad3 } from './perspective';
import { BASE, type CabinetPlan, type Frame, type KitchenPlan, planKitchen, ROOM, WALL_UNIT } from './plan';
import type { RoomLight } from './room-light';
import { materialLook, worktopPatterns } from './worktop-surface';

// The concept view as one SVG: the user's room (wall, floor and light from their photo), then the kitchen from
// the back wall forwards, so nearer things are painted over farther ones. The key light comes from the upper
// right: faces turned away from it are shaded and shadows fall to the left and below.

const { halfWidth: R, back: BACK, ceiling: CEILING } = ROOM;
/** Just in front of the camera's plane: room surfaces start here so their near edges fall off-frame. */
const NEAR_PLANE = 0.4;

interface SceneContext {
  camera: Camera;
  design: KitchenDesign;
  light: RoomLight;
  plan: KitchenPlan;
}

function polygon(camera: Camera, points: readonly Point3[], fill: string, extra = ''): string {
  return `<polygon points="${polygonPoints(points.map((point) => camera.project(point)))}" fill="${fill}"${extra}/>`;
}

// ---- Definitions: gradients and patterns shared by many shapes ----

function woodgrainPattern(hex: string, scale: number): string {
  // Vertical growth lines whose waves repeat exactly once per tile, so the tile joins without seams.
  const random = seededRandom(`woodgrain/${hex}`);
  const width = Math.round(60 * scale);
  const height = Math.round(360 * scale);
  const lines: string[] = [];
  for (let index = 0; index < 7; index += 1) {
    const x = ((index + 0.5) / 7) * width;
    const amplitude = random.between(0.5, 2.5) * scale;
    const phase = random.between(0, Math.PI * 2);
    const points: string[] = [];
    for (let y = 0; y <= height; y += height / 12) {
      points.push(`${fmt(x + amplitude * Math.sin((y / height) * Math.PI * 2 + phase))},${fmt(y)}`);
    }
    lines.push(
      `<polyline points="${points.join(' ')}" fill="none" stroke="${darken(hex, random.between(0.18, 0.35))}" stroke-width="${fmt(random.between(0.6, 2) * scale)}" stroke-opacity="${random.between(0.35, 0.7).toFixed(2)}"/>`,
    );
  }
  return `<pattern id="woodgrain" patternUnits="userSpaceOnUse" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${hex}"/>${lines.join('')}</pattern>`;
}

function definitions(context: SceneContext, tileUrl: string): string {
  const { camera, design, light } = context;
  const { width, height } = camera;
  const scale = width / 1536;
  const flute = Math.max(4, Math.round(9 * scale));
  const reflection = worktopReflection(design.worktop.finish);
  const window = mixColours(light.lightHex, '#B9CCD8', 0.35);
  return [
    '<defs>',
    worktopPatterns(tileUrl, width),
    design.fronts.finish === 'Woodgrain' ? woodgrainPattern(design.fronts.hex, scale) : '',
    `<pattern id="flutes" patternUnits="userSpaceOnUse" width="${flute}" height="${flute}"><rect width="${flute * 0.45}" height="${flute}" fill="#000" fill-opacity="0.2"/><rect x="${flute * 0.6}" width="${Math.max(1, flute * 0.15)}" height="${flute}" fill="#FFF" fill-opacity="0.3"/></pattern>`,
    `<pattern id="brush" patternUnits="userSpaceOnUse" width="17" height="90"><rect width="1" height="60" fill="#000" fill-opacity="0.07"/><rect x="6" y="30" width="1" height="60" fill="#FFF" fill-opacity="0.09"/><rect x="11" y="10" width="2" height="50" fill="#000" fill-opacity="0.045"/></pattern>`,
    '<linearGradient id="sheen-down" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FFF" stop-opacity="0.3"/><stop offset="1" stop-color="#FFF" stop-opacity="0"/></linearGradient>',
    '<linearGradient id="streak"><stop offset="0" stop-color="#FFF" stop-opacity="0"/><stop offset="0.5" stop-color="#FFF" stop-opacity="0.45"/><stop offset="1" stop-color="#FFF" stop-opacity="0"/></linearGradient>',
    '<linearGradient id="curve"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="0.8" stop-color="#FFF" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></linearGradient>',
    `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mixColours(window, '#FFFFFF', 0.3)}"/><stop offset="0.45" stop-color="${darken(window, 0.12)}"/><stop offset="1" stop-color="${darken(window, 0.3)}"/></linearGradient>`,
    '<linearGradient id="oven-glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3A3E42"/><stop offset="0.3" stop-color="#15171A"/><stop offset="1" stop-color="#0E0F11"/></linearGradient>',
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mixColours(window, '#FFFFFF', 0.5)}"/><stop offset="1" stop-color="${window}"/></linearGradient>`,
    `<linearGradient id="polish" gradientUnits="userSpaceOnUse" x1="${fmt(width * 0.25)}" y1="0" x2="${fmt(width * 0.75)}" y2="${fmt(height)}"><stop offset="0.38" stop-color="#FFF" stop-opacity="0"/><stop offset="0.46" stop-color="#FFF" stop-opacity="${reflection.toFixed(2)}"/><stop offset="0.5" stop-color="#FFF" stop-opacity="${(reflection * 0.3).toFixed(2)}"/><stop offset="0.55" stop-color="#FFF" stop-opacity="${(reflection * 0.7).toFixed(2)}"/><stop offset="0.62" stop-color="#FFF" stop-opacity="0"/></linearGradient>`,
    '<linearGradient id="shadow-down" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>',
    '<linearGradient id="shadow-up" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>',
    `<radialGradient id="window-glow" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="${light.lightHex}" stop-opacity="${(0.2 + 0.35 * light.brightness).toFixed(2)}"/><stop offset="1" stop-color="${light.lightHex}" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="vignette" cx="0.55" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${(0.1 + 0.3 * (1 - light.brightness)).toFixed(2)}"/></radialGradient>`,
    '</defs>',
  ].join('');
}

// ---- The room ----

function roomShell(context: SceneContext): string {
  const { camera, light, plan } = context;
  const { wallHex, floorHex } = light;
  const at = (x: number, y: number, z: number): Point3 => ({ x, y, z });
  const ceilingHex = mixColours(lighten(wallHex, 0.5), '#FFFFFF', 0.3);
  const parts = [
    polygon(camera, [at(-R, 0, BACK), at(R, 0, BACK), at(R, CEILING, BACK), at(-R, CEILING, BACK)], wallHex),
    polygon(
      camera,
      [at(-R, 0, NEAR_PLANE), at(-R, 0, BACK), at(-R, CEILING, BACK), at(-R, CEILING, NEAR_PLANE)],
      lighten(wallHex, 0.06),
    ),
    polygon(
      camera,
      [at(R, 0, NEAR_PLANE), at(R, 0, BACK), at(R, CEILING, BACK), at(R, CEILING, NEAR_PLANE)],
      darken(wallHex, 0.12),
    ),
    polygon(
      camera,
      [at(-R, CEILING, NEAR_PLANE), at(R, CEILING, NEAR_PLANE), at(R, CEILING, BACK), at(-R, CEILING, BACK)],
      ceilingHex,
    ),
    polygon(camera, [at(-R, 0, NEAR_PLANE), at(R, 0, NEAR_PLANE), at(R, 0, BACK), at(-R, 0, BACK)], floorHex),
  ];
  // Floorboard joints run towards the vanishing point; a skirting line finishes the walls.
  const joints: string[] = [];
  for (let x = -R + 0.19; x < R; x += 0.19) {
    const from = camera.project(at(x, 0, NEAR_PLANE));
    const to = camera.project(at(x, 0, BACK));
    joints.push(`M${fmt(from.x)} ${fmt(from.y)}L${fmt(to.x)} ${fmt(to.y)}`);
  }
  parts.push(
    `<path d="${joints.join('')}" stroke="${darken(floorHex, 0.3)}" stroke-opacity="0.35" stroke-width="1"/>`,
  );
  parts.push(
    polygon(
      camera,
      [at(-R, 0, BACK), at(R, 0, BACK), at(R, 0.1, BACK), at(-R, 0.1, BACK)],
      lighten(wallHex, 0.15),
    ),
  );
  // Recessed downlights in two rows.
  for (const z of [2.6, 4.4]) {
    for (const x of [-1.1, 0, 1.1]) {
      const centre = camera.project(at(x, CEILING, z));
      const radius = (camera.width * 0.75 * 0.05) / z;
      parts.push(
        `<ellipse cx="${fmt(centre.x)}" cy="${fmt(centre.y)}" rx="${fmt(radius)}" ry="${fmt(radius * 0.28)}" fill="${light.lightHex}"/>`,
      );
    }
  }
  parts.push(windowSvg(context));
  // Daylight: a glow round the window, the floor darkening towards the camera, the corners falling off.
  const { x0, x1, y0, y1 } = plan.window;
  const glow = [
    at(x0 - 1.2, Math.max(0, y0 - 0.9), BACK - 0.01),
    at(x1 + 1.2, Math.max(0, y0 - 0.9), BACK - 0.01),
    at(x1 + 1.2, Math.min(CEILING, y1 + 0.6), BACK - 0.01),
    at(x0 - 1.2, Math.min(CEILING, y1 + 0.6), BACK - 0.01),
  ];
  parts.push(polygon(camera, glow, 'url(#window-glow)'));
  parts.push(
    polygon(
      camera,
      [at(-R, 0, NEAR_PLANE), at(R, 0, NEAR_PLANE), at(R, 0, BACK), at(-R, 0, BACK)],
      'url(#shadow-up)',
      ' fill-opacity="0.6"',
    ),
  );
  parts.push(`<rect width="${camera.width}" height="${camera.height}" fill="url(#vignette)"/>`);
  return parts.join('');
}

function windowSvg({ camera, plan }: SceneContext): string {
  const { x0, x1, y0, y1 } = plan.window;
  const z = BACK - 0.005;
  const frame = '#F3F1EC';
  const rect = (left: number, bottom: number, right: number, top: number, fill: string) =>
    polygon(
      camera,
      [
        { x: left, y: bottom, z },
        { x: right, y: bottom, z },
        { x: right, y: top, z },
        { x: left, y: top, z },
      ],
      fill,
    );
  const bar = 0.05;
  const middle = (x0 + x1) / 2;
  return [
    rect(x0 - 0.02, y0 - 0.04, x1 + 0.02, y1 + 0.02, darken(frame, 0.12)),
    rect(x0, y0, x1, y1, frame),
    rect(x0 + bar, y0 + bar, x1 - bar, y1 - bar, 'url(#sky)'),
    rect(middle - bar / 2, y0 + bar, middle + bar / 2, y1 - bar, frame),
    // The sill, catching the light.
    rect(x0 - 0.05, y0 - 0.04, x1 + 0.05, y0, lighten(frame, 0.5)),
  ].join('');
}

// ---- Splashbacks ----

function splashbacks(context: SceneContext, worktopTop: number): string {
  const { camera, design, plan } = context;
  const look = materialLook(design.worktop.material);
  const top = look.splashback === 'full' ? WALL_UNIT.bottom : worktopTop + 0.1;
  const reflective = worktopReflection(design.worktop.finish) > 0;
  const surfaces: { quad: Quad3; side: 'back' | 'left' | 'right' }[] = [];
  if (plan.backRun) {
    const { x0, x1 } = plan.backRun;
    const z = BACK - 0.002;
    surfaces.push({
      side: 'back',
      quad: [
        { x: x0, y: worktopTop, z },
        { x: x1, y: worktopTop, z },
        { x: x1, y: top, z },
        { x: x0, y: top, z },
      ],
    });
  }
  for (const run of plan.sideRuns) {
    const x = run.side === 'left' ? -R + 0.002 : R - 0.002;
    surfaces.push({
      side: run.side,
      quad: [
        { x, y: worktopTop, z: run.z0 },
        { x, y: worktopTop, z: run.z1 },
        { x, y: top, z: run.z1 },
        { x, y: top, z: run.z0 },
      ],
    });
  }
  return surfaces
    .map(({ quad: surface, side }) => {
      const shade =
        side === 'back'
          ? ''
          : polygon(camera, surface, '#000', ` fill-opacity="${side === 'right' ? 0.16 : 0.05}"`);
      const shine = reflective ? polygon(camera, surface, 'url(#polish)') : '';
      // The wall units' shadow falls across the top of the splashback.
      const shadowTop = Math.min(top, WALL_UNIT.bottom);
      const shadow = polygon(
        camera,
        surface.map((point) => ({
          ...point,
          y: point.y === top ? shadowTop : Math.max(worktopTop, shadowTop - 0.2),
        })),
        'url(#shadow-down)',
      );
      return polygon(camera, surface, 'url(#worktop-flat)') + shade + shine + shadow;
    })
    .join('');
}

// ---- Cabinets ----

const subtract = (a: Point3, b: Point3): Point3 => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
const dot = (a: Point3, b: Point3) => a.x * b.x + a.y * b.y + a.z * b.z;
const cross = (a: Point3, b: Point3): Point3 => ({
  x: a.y * b.z - a.z * b.y,
  y: a.z * b.x - a.x * b.z,
  z: a.x * b.y - a.y * b.x,
});

type FaceName = 'front' | 'back' | 'top' | 'bottom' | 'start' | 'end';

/** The faces of a box in run coordinates that the camera sees, by name. */
function visibleFaces(
  frame: Frame,
  [s0, s1]: [number, number],
  [y0, y1]: [number, number],
  [d0, d1]: [number, number],
): Map<FaceName, Quad3> {
  const corner = (s: number, y: number, d: number) => frame(s, y, d);
  const centre = frame((s0 + s1) / 2, (y0 + y1) / 2, (d0 + d1) / 2);
  const faces: Record<FaceName, Quad3> = {
    front: [corner(s0, y0, d0), corner(s1, y0, d0), corner(s1, y1, d0), corner(s0, y1, d0)],
    back: [corner(s0, y0, d1), corner(s1, y0, d1), corner(s1, y1, d1), corner(s0, y1, d1)],
    top: [corner(s0, y1, d0), corner(s1, y1, d0), corner(s1, y1, d1), corner(s0, y1, d1)],
    bottom: [corner(s0, y0, d0), corner(s1, y0, d0), corner(s1, y0, d1), corner(s0, y0, d1)],
    start: [corner(s0, y0, d0), corner(s0, y0, d1), corner(s0, y1, d1), corner(s0, y1, d0)],
    end: [corner(s1, y0, d0), corner(s1, y0, d1), corner(s1, y1, d1), corner(s1, y1, d0)],
  };
  const eye: Point3 = { x: 0, y: EYE_HEIGHT, z: 0 };
  const visible = new Map<FaceName, Quad3>();
  for (const [name, points] of Object.entries(faces) as [FaceName, Quad3][]) {
    const normal = cross(subtract(points[1], points[0]), subtract(points[3], points[0]));
    const outward = dot(normal, subtract(points[0], centre)) > 0 ? 1 : -1;
    if (outward * dot(normal, subtract(eye, points[0])) > 1e-9) visible.set(name, points);
  }
  return visible;
}

/** Shade for a face by which way it turns from the upper-right key light. */
function faceShade(points: Quad3): number {
  const normal = cross(subtract(points[1], points[0]), subtract(points[3], points[0]));
  const length = Math.hypot(normal.x, normal.y, normal.z) || 1;
  const towardsLight = Math.abs(normal.x / length);
  if (Math.abs(normal.y / length) > 0.9) return 0;
  return towardsLight > 0.9 ? 0.12 : 0;
}

function floorShadow(context: SceneContext, cabinet: CabinetPlan): string {
  const { camera } = context;
  const { frame, s0, s1, d0, d1 } = cabinet;
  if (cabinet.role === 'island') {
    // A freestanding unit casts a soft shadow to the left of its footprint: nested layers fake the blur at a
    // fraction of a blur filter's cost.
    return [0.34, 0.26, 0.18, 0.11, 0.05]
      .map((spread) => {
        const footprint = [
          frame(s0 - spread - 0.1, 0, d0 - spread),
          frame(s1 + spread - 0.1, 0, d0 - spread),
          frame(s1 + spread, 0, d1 + spread),
          frame(s0 - spread, 0, d1 + spread),
        ];
        return polygon(camera, footprint, '#000', ' fill-opacity="0.06"');
      })
      .join('');
  }
  return (
    polygon(
      camera,
      [frame(s0, 0, d0 - 0.22), frame(s1, 0, d0 - 0.22), frame(s1, 0, d0), frame(s0, 0, d0)],
      '#000',
      ' fill-opacity="0.08"',
    ) +
    polygon(
      camera,
      [frame(s0, 0, d0 - 0.09), frame(s1, 0, d0 - 0.09), frame(s1, 0, d0), frame(s0, 0, d0)],
      '#000',
      ' fill-opacity="0.12"',
    )
  );
}

function boxSvg(
  camera: Camera,
  faces: Map<FaceName, Quad3>,
  fills: Partial<Record<FaceName, string>>,
  fallback: string,
): string {
  return [...faces.entries()]
    .map(([name, points]) => {
      const fill = fills[name] ?? fallback;
      const shade = faceShade(points);
      const shading = shade > 0 ? polygon(camera, points, '#000', ` fill-opacity="${shade}"`) : '';
      return polygon(camera, points, fill) + shading;
    })
    .join('');
}

function worktopSvg(context: SceneContext, cabinet: CabinetPlan): string {
  const { camera, design } = context;
  const look = materialLook(design.worktop.material);
  const span = cabinet.worktopSpan ?? { s0: cabinet.s0, s1: cabinet.s1 };
  const freestanding = cabinet.role === 'island';
  const overhang = freestanding ? 0.03 : 0;
  const top = BASE.top + look.thickness;
  const faces = visibleFaces(
    cabinet.frame,
    [span.s0 - overhang, span.s1 + overhang],
    [BASE.top, top],
    [-0.025, cabinet.d1 + (freestanding ? 0.25 : 0)],
  );
  const parts = [boxSvg(camera, faces, { top: 'url(#worktop-top)' }, 'url(#worktop-flat)')];
  for (const [name, points] of faces) {
    if (name !== 'top') parts.push(polygon(camera, points, '#000', ' fill-opacity="0.18"'));
    if (name === 'front' && look.edgeHighlight > 0) {
      const lip = points.map((point, index) =>
        index < 2 ? { ...point, y: top - look.thickness * 0.3 } : point,
      );
      parts.push(polygon(camera, lip, '#FFF', ` fill-opacity="${look.edgeHighlight}"`));
    }
    if (name === 'top' && worktopReflection(design.worktop.finish) > 0)
      parts.push(polygon(camera, points, 'url(#polish)'));
  }
  parts.push(appliances(context, cabinet, top));
  return parts.join('');
}

/** A hob over the oven and a sink with its tap over a door near the middle of the run. */
function appliances(context: SceneContext, cabinet: CabinetPlan, top: number): string {
  const { camera } = context;
  const { frame } = cabinet;
  const parts: string[] = [];
  const y = top + 0.002;
  const oven = cabinet.fronts.find((front) => front.kind === 'oven');
  if (cabinet.appliances.includes('hob') && oven) {
    const { s0, s1 } = oven;
    parts.push(
      polygon(
        camera,
        [
          frame(s0 + 0.02, y, 0.05),
          frame(s1 - 0.02, y, 0.05),
          frame(s1 - 0.02, y, 0.55),
          frame(s0 + 0.02, y, 0.55),
        ],
        '#1B1D1F',
      ),
    );
    for (const [su, d] of [
      [0.3, 0.17],
      [0.7, 0.17],
      [0.3, 0.4],
      [0.7, 0.4],
    ] as const) {
      const ring: Point3[] = [];
      for (let step = 0; step < 12; step += 1) {
        const angle = (step / 12) * Math.PI * 2;
        ring.push(frame(s0 + (s1 - s0) * su + Math.cos(angle) * 0.08, y + 0.001, d + Math.sin(angle) * 0.08));
      }
      parts.push(polygon(camera, ring, 'none', ' stroke="#5A5E62" stroke-width="1.5"'));
    }
  }
  if (cabinet.appliances.includes('sink')) {
    const doors = cabinet.fronts.filter((front) => front.kind === 'door');
    const middle = (cabinet.s0 + cabinet.s1) / 2;
    const sinkFront = doors.reduce<(typeof doors)[number] | undefined>(
      (best, front) =>
        !best || Math.abs((front.s0 + front.s1) / 2 - middle) < Math.abs((best.s0 + best.s1) / 2 - middle)
          ? front
          : best,
      undefined,
    );
    if (sinkFront) {
      const centre = (sinkFront.s0 + sinkFront.s1) / 2;
      parts.push(
        polygon(
          camera,
          [
            frame(centre - 0.26, y, 0.06),
            frame(centre + 0.26, y, 0.06),
            frame(centre + 0.26, y, 0.5),
            frame(centre - 0.26, y, 0.5),
          ],
          '#B9BDC0',
        ),
      );
      parts.push(
        polygon(
          camera,
          [
            frame(centre - 0.22, y, 0.1),
            frame(centre + 0.22, y, 0.1),
            frame(centre + 0.22, y, 0.42),
            frame(centre - 0.22, y, 0.42),
          ],
          '#6F747A',
        ),
      );
      const tap = [
        frame(centre, y, 0.5),
        frame(centre, y + 0.3, 0.5),
        frame(centre, y + 0.3, 0.32),
        frame(centre, y + 0.24, 0.3),
      ].map((point) => camera.project(point));
      const width = Math.max(2, (camera.width * 0.75 * 0.022) / frame(centre, y, 0.5).z);
      parts.push(
        `<polyline points="${polygonPoints(tap)}" fill="none" stroke="#8F9498" stroke-width="${fmt(width)}" stroke-linejoin="round" stroke-linecap="round"/>`,
      );
    }
  }
  return parts.join('');
}

function cabinetSvg(context: SceneContext, cabinet: CabinetPlan): string {
  const { camera, design } = context;
  const { frame, s0, s1, d0, d1, y0, y1 } = cabinet;
  const gapHex = darken(design.fronts.hex, design.fronts.finish === 'Super-Matt' ? 0.55 : 0.45);
  const endHex = design.fronts.finish === 'Woodgrain' ? 'url(#woodgrain)' : design.fronts.hex;
  const parts: string[] = [];
  const standsOnFloor = cabinet.role !== 'wall';
  if (standsOnFloor) {
    parts.push(floorShadow(context, cabinet));
    const plinth = visibleFaces(
      frame,
      [s0 + (cabinet.role === 'island' ? 0.05 : 0), s1 - (cabinet.role === 'island' ? 0.05 : 0)],
      [0, BASE.plinth],
      [d0 + 0.06, d1 - (cabinet.role === 'island' ? 0.06 : 0)],
    );
    parts.push(boxSvg(camera, plinth, {}, darken(design.fronts.hex, 0.4)));
  }
  const bodyBottom = standsOnFloor ? BASE.plinth : y0;
  const body = visibleFaces(frame, [s0, s1], [bodyBottom, y1], [d0, d1]);
  parts.push(boxSvg(camera, body, { front: gapHex, bottom: darken(design.fronts.hex, 0.3) }, endHex));
  for (const front of cabinet.fronts) parts.push(frontSvg(camera, cabinet, front, design));
  if (cabinet.facing === 'left') {
    const front = body.get('front');
    if (front) parts.push(polygon(camera, front, '#000', ' fill-opacity="0.14"'));
  }
  if (cabinet.role === 'wall') {
    // Under-cabinet lights wash the splashback below.
    const glow: Point3[] = [
      frame(s0, y0 - 0.005, d1 - 0.01),
      frame(s1, y0 - 0.005, d1 - 0.01),
      frame(s1, y0 - 0.2, d1 - 0.01),
      frame(s0, y0 - 0.2, d1 - 0.01),
    ];
    parts.push(polygon(camera, glow, context.light.lightHex, ' fill-opacity="0.1"'));
  } else if (cabinet.role !== 'tall') parts.push(worktopSvg(context, cabinet));
  return parts.join('');
}

// ---- The whole picture ----

/** The whole drawing; `overlay` (SVG) is drawn last, over the kitchen. */
export function conceptSvg(
  camera: Camera,
  design: KitchenDesign,
  light: RoomLight,
  tileUrl: string,
  overlay = '',
): string {
  const plan = planKitchen(design.layout, design.hasIsland);
  const context: SceneContext = { camera, design, light, plan };
  const worktopTop = BASE.top + materialLook(design.worktop.material).thickness;
  const body = [
    definitions(context, tileUrl),
    roomShell(context),
    splashbacks(context, worktopTop),
    // The window sits over the splashback where the two meet.
    plan.backRun ? windowSvg(context) : '',
    ...plan.cabinets.map((cabinet) => cabinetSvg(context, cabinet)),
    overlay,
  ].join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${camera.width}" height="${camera.height}" viewBox="0 0 ${camera.width} ${camera.height}">${body}</svg>`;
}
