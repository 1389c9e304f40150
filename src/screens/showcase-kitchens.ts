import type { KitchenLook } from '../components/KitchenIllustration';

/** The wizard's choices the kitchen is made of, by their catalogue names (tests check each is offered). */
export interface ShowcaseChoices {
  doorStyle: string;
  /** Whether the fronts have handles: a door style made one way only decides it (the Handles step is skipped). */
  handles: boolean;
  finish: string;
  worktop: string;
}

export interface ShowcaseKitchen {
  name: string;
  /** Says only what the wizard chooses: no handle kinds (knobs, bars), which it does not offer. */
  summary: string;
  made: ShowcaseChoices;
  look: KitchenLook;
}

/** Example kitchens for the home page and the showcase: each could be made in the wizard. */
export const SHOWCASE_KITCHENS: readonly ShowcaseKitchen[] = [
  {
    name: 'Sage Shaker',
    summary:
      'Sage green painted Shaker fronts, which always come with handles, a white quartz worktop and an island.',
    made: { doorStyle: 'Shaker', handles: true, finish: 'Painted', worktop: 'Quartz' },
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
    summary: 'Deep navy matt J-Pull Handleless fronts under a pale sintered stone worktop.',
    made: { doorStyle: 'J-Pull Handleless', handles: false, finish: 'Matt', worktop: 'Sintered Stone' },
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
    summary: 'Woodgrain Slab fronts with handles and a black granite worktop.',
    made: { doorStyle: 'Slab', handles: true, finish: 'Woodgrain', worktop: 'Granite' },
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
    summary:
      'Cream painted In-frame fronts, which always come with handles, and a honed white marble worktop.',
    made: { doorStyle: 'In-frame', handles: true, finish: 'Painted', worktop: 'Marble' },
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
    summary: 'White gloss handleless Slab fronts with a concrete worktop.',
    made: { doorStyle: 'Slab', handles: false, finish: 'Gloss', worktop: 'Concrete' },
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
    name: 'Terracotta Shaker',
    summary:
      'Terracotta painted Shaker fronts, which always come with handles, and a warm solid wood worktop.',
    made: { doorStyle: 'Shaker', handles: true, finish: 'Painted', worktop: 'Solid Wood' },
    look: {
      wall: '#f5ede3',
      floor: '#c4a78a',
      cabinet: '#b8674a',
      worktop: '#a87b4f',
      handle: '#3a3530',
      doorStyle: 'shaker',
      handles: true,
      island: false,
    },
  },
];
