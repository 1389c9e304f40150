import type { KitchenLook } from '../components/KitchenIllustration';

export interface ShowcaseKitchen {
  name: string;
  summary: string;
  look: KitchenLook;
}

/** Example kitchens for the home page and the showcase: each could be made in the wizard. */
export const SHOWCASE_KITCHENS: readonly ShowcaseKitchen[] = [
  {
    name: 'Sage Shaker',
    summary: 'Sage green Shaker fronts, brass knobs, white quartz and an island.',
    look: {
      wall: '#efe9df',
      floor: '#c9b396',
      cabinet: '#9aab8e',
      worktop: '#f4f2ee',
      handle: '#b08d3c',
      doorStyle: 'shaker',
      handles: true,
      island: true,
    },
  },
  {
    name: 'Midnight handleless',
    summary: 'Deep navy J-pull fronts under a pale sintered-stone worktop.',
    look: {
      wall: '#e8e6e2',
      floor: '#8f8275',
      cabinet: '#2b3a4f',
      worktop: '#dcdad5',
      handle: '#2b3a4f',
      doorStyle: 'slab',
      handles: false,
      island: false,
    },
  },
  {
    name: 'Warm oak',
    summary: 'Woodgrain slab fronts with bar handles and a black granite top.',
    look: {
      wall: '#f3eee6',
      floor: '#d8cbb8',
      cabinet: '#b88a5a',
      worktop: '#2c2a28',
      handle: '#2c2a28',
      doorStyle: 'slab',
      handles: true,
      island: true,
    },
  },
  {
    name: 'Classic cream',
    summary: 'Painted cream in-frame doors, cup handles and honed marble.',
    look: {
      wall: '#dfe4dc',
      floor: '#a98f6d',
      cabinet: '#efe6d2',
      worktop: '#ebe8e3',
      handle: '#6f6a62',
      doorStyle: 'shaker',
      handles: true,
      island: false,
    },
  },
  {
    name: 'Concrete and gloss',
    summary: 'White gloss handleless fronts with a concrete-look worktop.',
    look: {
      wall: '#f1f1ef',
      floor: '#9b9790',
      cabinet: '#fbfbfa',
      worktop: '#8e8c88',
      handle: '#fbfbfa',
      doorStyle: 'slab',
      handles: false,
      island: true,
    },
  },
  {
    name: 'Two-tone terracotta',
    summary: 'Terracotta base units, cream wall units and warm solid wood.',
    look: {
      wall: '#f5ede3',
      floor: '#c4a78a',
      cabinet: '#b8674a',
      upperCabinet: '#efe6d2',
      worktop: '#a87b4f',
      handle: '#3a3530',
      doorStyle: 'shaker',
      handles: true,
      island: false,
    },
  },
];
