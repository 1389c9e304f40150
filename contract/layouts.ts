import { z } from 'zod';

// Kitchen layouts for the kitchen-shape step (spec §2). No endpoint serves them: the app shows them and the
// concept renderer draws them, both from this table. Facts from shared/reference/catalogue.md §5.

export const kitchenLayoutIds = ['single-wall', 'galley', 'l-shaped', 'u-shaped', 'peninsula'] as const;
export const kitchenLayoutIdSchema = z.enum(kitchenLayoutIds);
export type KitchenLayoutId = z.infer<typeof kitchenLayoutIdSchema>;

export interface KitchenLayout {
  id: KitchenLayoutId;
  name: string;
  description: string;
  /** Typical smallest room for the layout (UK quick reference), width × length. */
  minimumRoom: string;
  /** Whether an island usually fits beside the layout once the room allows it. */
  islandFriendly: boolean;
}

export const KITCHEN_LAYOUTS: readonly KitchenLayout[] = [
  {
    id: 'single-wall',
    name: 'Single wall',
    description: 'Every unit and appliance on one wall: made for small flats and open-plan living.',
    minimumRoom: '2.4 m × 3 m',
    islandFriendly: true,
  },
  {
    id: 'galley',
    name: 'Galley',
    description: 'Two facing runs with a walkway between: compact and very efficient to cook in.',
    minimumRoom: '2.4 m × 3 m',
    islandFriendly: false,
  },
  {
    id: 'l-shaped',
    name: 'L-shaped',
    description: 'Two runs on adjacent walls: the most popular, flexible layout, with no through-traffic.',
    minimumRoom: '3 m × 3 m',
    islandFriendly: true,
  },
  {
    id: 'u-shaped',
    name: 'U-shaped',
    description: 'Units on three walls for the most worktop and storage.',
    minimumRoom: '3 m × 4 m',
    islandFriendly: true,
  },
  {
    id: 'peninsula',
    name: 'Peninsula (G-shaped)',
    description: 'A U with a partial fourth run, often with seating, linking the kitchen to the dining area.',
    minimumRoom: '3.5 m × 3.5 m',
    islandFriendly: false,
  },
];

export function findKitchenLayout(id: string): KitchenLayout | undefined {
  return KITCHEN_LAYOUTS.find((layout) => layout.id === id);
}
