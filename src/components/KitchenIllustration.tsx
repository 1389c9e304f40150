// A flat, front-on drawing of a kitchen in a given palette and door style: the home page's hero and the
// showcase's examples, drawn inline so the first screen needs no image download. Decorative: captions say
// what it shows.

export interface KitchenLook {
  wall: string;
  floor: string;
  cabinet: string;
  /** Wall units; the base colour when absent (two-tone kitchens set it). */
  upperCabinet?: string;
  worktop: string;
  handle: string;
  doorStyle: 'shaker' | 'slab';
  handles: boolean;
  island: boolean;
}

const BASE = { x: 16, y: 104, width: 288, height: 40 } as const;
const UPPER_RUNS = [
  { x: 16, width: 104 },
  { x: 200, width: 104 },
] as const;
const DOOR_WIDTH = 32;

function Doors({
  x,
  y,
  width,
  height,
  look,
  fill,
}: {
  x: number;
  y: number;
  width: number;
  height: number;
  look: KitchenLook;
  fill: string;
}) {
  const count = Math.max(1, Math.round(width / DOOR_WIDTH));
  const doorWidth = width / count;
  return (
    <g>
      {Array.from({ length: count }, (_, index) => {
        const left = x + index * doorWidth;
        return (
          <g key={left}>
            <rect
              x={left + 0.75}
              y={y}
              width={doorWidth - 1.5}
              height={height}
              fill={fill}
              stroke="rgb(0 0 0 / 0.18)"
            />
            {look.doorStyle === 'shaker' && (
              <rect
                x={left + 4.5}
                y={y + 4}
                width={doorWidth - 9}
                height={height - 8}
                fill="none"
                stroke="rgb(0 0 0 / 0.16)"
              />
            )}
            {look.handles ? (
              <rect
                x={index % 2 === 0 ? left + doorWidth - 7 : left + 4}
                y={y + (y > BASE.y - 1 ? 5 : height - 15)}
                width={2.5}
                height={10}
                rx={1}
                fill={look.handle}
              />
            ) : (
              <rect x={left + 0.75} y={y} width={doorWidth - 1.5} height={2.5} fill="rgb(0 0 0 / 0.22)" />
            )}
          </g>
        );
      })}
    </g>
  );
}

export function KitchenIllustration({ look }: { look: KitchenLook }) {
  const upper = look.upperCabinet ?? look.cabinet;
  return (
    <svg className="kitchen-illustration" viewBox="0 0 320 200" aria-hidden="true" focusable="false">
      <rect width="320" height="150" fill={look.wall} />
      <rect y="150" width="320" height="50" fill={look.floor} />
      {/* Window with a view of the garden */}
      <rect x="132" y="18" width="56" height="66" rx="2" fill="#f6f3ee" />
      <rect x="136" y="22" width="48" height="58" fill="#cfe0e6" />
      <path d="M136 66 q12 -10 24 -2 q12 8 24 -4 V80 H136 Z" fill="#a9c4a5" />
      <line x1="160" y1="22" x2="160" y2="80" stroke="#f6f3ee" strokeWidth="2" />
      {UPPER_RUNS.map((run) => (
        <Doors key={run.x} x={run.x} y={20} width={run.width} height={50} look={look} fill={upper} />
      ))}
      {/* Splashback, worktop and base units */}
      <rect x={BASE.x} y={BASE.y - 8} width={BASE.width} height={8} fill={look.worktop} />
      <Doors x={BASE.x} y={BASE.y} width={BASE.width} height={BASE.height} look={look} fill={look.cabinet} />
      <rect x={BASE.x} y={BASE.y + BASE.height} width={BASE.width} height={4} fill="rgb(0 0 0 / 0.25)" />
      {look.island && (
        <g>
          {[112, 160, 208].map((x) => (
            <g key={x}>
              <line x1={x} y1="0" x2={x} y2="112" stroke="#3a3530" strokeWidth="1" />
              <path d={`M${x - 9} 120 a9 8 0 0 1 18 0 Z`} fill="#3a3530" />
            </g>
          ))}
          <rect x="72" y="152" width="176" height="7" fill={look.worktop} />
          <Doors x={76} y={159} width={168} height={34} look={look} fill={look.cabinet} />
        </g>
      )}
    </svg>
  );
}
