// A small front-elevation drawing of a cabinet door for each door-style profile, so a style name like
// "In-frame" or "J-Pull Handleless" is recognisable at a glance. Decorative: the card's label says it in words.
import type { ReactElement } from 'react';
import type { DoorProfile } from '../../contract/catalogue';
import '../styles/choices.css';

// Most specific words first: "Slim Shaker" before "Shaker", "Beaded In-frame" before "In-frame".
const PROFILE_KEYWORDS: readonly [RegExp, DoorProfile][] = [
  [/j[\s-]?pull|j[\s-]?groove/, 'j-pull'],
  [/true handleless|rail|gola|channel/, 'rail'],
  [/slim/, 'slim-shaker'],
  [/bead/, 'beaded'],
  [/in[\s-]?frame|inset/, 'in-frame'],
  [/shaker/, 'shaker'],
  [/tongue|groove|v-groove/, 'tongue-and-groove'],
  [/glaz|glass/, 'glazed'],
  [/flut|reeded/, 'fluted'],
  [/curv|radius/, 'curved'],
];

/** Reads a door-style group name into the profile to draw; a flat slab when nothing matches. */
export const profileOfDoorStyle = (group: string): DoorProfile => {
  const name = group.toLowerCase();
  return PROFILE_KEYWORDS.find(([pattern]) => pattern.test(name))?.[1] ?? 'slab';
};

const DOOR = { x: 38, y: 8, width: 44, height: 74 } as const;
const doorRect = (inset: number, props: Record<string, string | number> = {}) => (
  <rect
    x={DOOR.x + inset}
    y={DOOR.y + inset}
    width={DOOR.width - inset * 2}
    height={DOOR.height - inset * 2}
    rx={1}
    {...props}
  />
);
const verticalLines = (from: number, to: number, count: number, top: number, bottom: number) =>
  Array.from({ length: count }, (_, index) => {
    const x = from + ((to - from) * (index + 1)) / (count + 1);
    return <line key={x} x1={x} y1={top} x2={x} y2={bottom} />;
  });

const barHandle = (
  <rect x={DOOR.x + DOOR.width - 8} y={38} width={3} height={16} rx={1.5} className="door-handle" />
);

const PROFILES: Record<DoorProfile, () => ReactElement> = {
  slab: () => doorRect(0),
  shaker: () => (
    <>
      {doorRect(0)}
      {doorRect(8)}
    </>
  ),
  'slim-shaker': () => (
    <>
      {doorRect(0)}
      {doorRect(4)}
    </>
  ),
  'in-frame': () => (
    <>
      <rect x={DOOR.x - 6} y={DOOR.y - 5} width={DOOR.width + 12} height={DOOR.height + 10} rx={1} />
      {doorRect(1)}
      {doorRect(8)}
    </>
  ),
  beaded: () => (
    <>
      <rect x={DOOR.x - 6} y={DOOR.y - 5} width={DOOR.width + 12} height={DOOR.height + 10} rx={1} />
      {doorRect(1)}
      {doorRect(8)}
      {doorRect(10, { strokeDasharray: '1.5 1.5' })}
    </>
  ),
  'tongue-and-groove': () => (
    <>
      {doorRect(0)}
      {doorRect(7)}
      {verticalLines(DOOR.x + 7, DOOR.x + DOOR.width - 7, 4, DOOR.y + 7, DOOR.y + DOOR.height - 7)}
    </>
  ),
  glazed: () => (
    <>
      {doorRect(0)}
      {doorRect(7, { className: 'door-glass' })}
      <line x1={60} y1={DOOR.y + 7} x2={60} y2={DOOR.y + DOOR.height - 7} />
      <line x1={DOOR.x + 7} y1={45} x2={DOOR.x + DOOR.width - 7} y2={45} />
    </>
  ),
  fluted: () => (
    <>
      {doorRect(0)}
      {verticalLines(DOOR.x, DOOR.x + DOOR.width, 8, DOOR.y + 2, DOOR.y + DOOR.height - 2)}
    </>
  ),
  curved: () => (
    <>
      <path d="M38 8 Q60 2 82 8 V82 Q60 76 38 82 Z" />
      <path d="M46 14 Q60 10 74 14" />
    </>
  ),
  'j-pull': () => (
    <>
      {doorRect(0)}
      <rect x={DOOR.x} y={DOOR.y} width={DOOR.width} height={5} className="door-groove" />
    </>
  ),
  rail: () => (
    <>
      <rect x={DOOR.x} y={DOOR.y} width={DOOR.width} height={20} rx={1} />
      <rect x={DOOR.x} y={DOOR.y + 20} width={DOOR.width} height={5} className="door-groove" />
      <rect x={DOOR.x} y={DOOR.y + 25} width={DOOR.width} height={DOOR.height - 25} rx={1} />
    </>
  ),
};

const HAS_HANDLE: Record<DoorProfile, boolean> = {
  slab: true,
  shaker: true,
  'slim-shaker': true,
  'in-frame': true,
  beaded: true,
  'tongue-and-groove': true,
  glazed: true,
  fluted: true,
  curved: true,
  'j-pull': false,
  rail: false,
};

interface DoorProfileIconProps {
  profile: DoorProfile;
  /** Draw a bar handle; defaults to what the profile usually has. */
  withHandle?: boolean;
}

export function DoorProfileIcon({ profile, withHandle = HAS_HANDLE[profile] }: DoorProfileIconProps) {
  return (
    <svg className="door-icon" viewBox="0 0 120 90" role="presentation" focusable="false">
      <g fill="var(--door-fill, #efe7dc)" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round">
        {PROFILES[profile]()}
        {withHandle && barHandle}
      </g>
    </svg>
  );
}
