// A top-down plan of a kitchen layout (units drawn along the walls), optionally with an island. Decorative:
// the card's label names the layout.
import type { KitchenLayoutId } from '../../contract/layouts';

type Run = readonly [x: number, y: number, width: number, height: number];

const ROOM = { x: 6, y: 6, width: 108, height: 78 } as const;
const DEPTH = 14;
const top: Run = [ROOM.x, ROOM.y, ROOM.width, DEPTH];
const bottom: Run = [ROOM.x, ROOM.y + ROOM.height - DEPTH, ROOM.width, DEPTH];
const left: Run = [ROOM.x, ROOM.y + DEPTH, DEPTH, ROOM.height - DEPTH * 2];
const right: Run = [ROOM.x + ROOM.width - DEPTH, ROOM.y + DEPTH, DEPTH, ROOM.height - DEPTH * 2];
// Runs that reach the bottom wall (the L's second leg, the peninsula's right-hand run).
const leftToFloor: Run = [ROOM.x, ROOM.y + DEPTH, DEPTH, ROOM.height - DEPTH];
const rightToFloor: Run = [ROOM.x + ROOM.width - DEPTH, ROOM.y + DEPTH, DEPTH, ROOM.height - DEPTH];
const partialBottomFromRight: Run = [
  ROOM.x + ROOM.width * 0.55,
  ROOM.y + ROOM.height - DEPTH,
  ROOM.width * 0.45 - DEPTH,
  DEPTH,
];

const RUNS: Record<KitchenLayoutId, readonly Run[]> = {
  'single-wall': [top],
  galley: [top, bottom],
  'l-shaped': [top, leftToFloor],
  'u-shaped': [top, left, right],
  peninsula: [top, left, rightToFloor, partialBottomFromRight],
};

const ISLAND: Run = [ROOM.x + ROOM.width / 2 - 20, ROOM.y + ROOM.height / 2 - 5, 40, 16];

const isLayoutId = (shape: string): shape is KitchenLayoutId => shape in RUNS;

interface LayoutPlanProps {
  /** A layout id; an unknown one draws the room alone. */
  shape: string;
  island?: boolean;
}

export function LayoutPlan({ shape, island = false }: LayoutPlanProps) {
  const runs = isLayoutId(shape) ? RUNS[shape] : [];
  return (
    <svg className="layout-plan" viewBox="0 0 120 90" role="presentation" focusable="false">
      <rect
        x={ROOM.x}
        y={ROOM.y}
        width={ROOM.width}
        height={ROOM.height}
        fill="var(--color-surface, #fff)"
        stroke="currentColor"
        strokeWidth={1.5}
      />
      <g fill="var(--color-accent, #2f5d50)" opacity={0.85}>
        {runs.map(([x, y, width, height]) => (
          <rect key={`${x}-${y}-${width}`} x={x} y={y} width={width} height={height} rx={1.5} />
        ))}
      </g>
      {island && (
        <rect
          x={ISLAND[0]}
          y={ISLAND[1]}
          width={ISLAND[2]}
          height={ISLAND[3]}
          rx={2}
          fill="var(--color-border-strong, #8a7f72)"
        />
      )}
    </svg>
  );
}
