// The provider API's paths, as spec §7 lists them, relative to `{baseUrl}/api/v1`. The app's client, the
// server's routes and the OpenAPI document all read this one table.

export const API_PREFIX = '/api/v1';

export const actionPaths = {
  generateKitchen: '/kitchen/generate_kitchen',
  validateImageContent: '/image/validate_image_content',
  generateEmptyRoom: '/kitchen/generate_empty_room',
  authorizeUser: '/users/authorize',
} as const;

/** Catalogue lookups: all GET; `query` names the query parameters, `reads` the key the list arrives under. */
export const cataloguePaths = {
  worktopMaterials: { path: '/store/worktops/materials', query: [], reads: 'materials' },
  worktopColourGroups: { path: '/store/worktops/colour-groups', query: ['material'], reads: 'groups' },
  worktopColours: {
    path: '/store/worktops/colours-in-group/:group',
    query: ['material', 'colour_group'],
    reads: 'colours',
  },
  worktopPreviews: {
    path: '/store/worktops/previews',
    query: ['material', 'colour_group', 'colour'],
    reads: 'worktops',
  },
  doorStyleGroups: { path: '/store/frontals/door-styles-groups', query: [], reads: 'groups' },
  handleStyles: { path: '/store/frontals/handle-styles', query: ['door_style_group'], reads: 'handles' },
  finishes: {
    path: '/store/frontals/finishes',
    query: ['door_style_group', 'is_handleless'],
    reads: 'finishes',
  },
  frontalColourGroups: {
    path: '/store/frontals/colour-groups',
    query: ['door_style_group', 'finish', 'is_handleless'],
    reads: 'groups',
  },
  frontalPreviews: {
    path: '/store/frontals/previews',
    query: ['door_style_group', 'is_handleless', 'finish', 'colour_group'],
    reads: 'frontals',
  },
} as const;

/** The header that carries the remaining generation count (spec §3). */
export const GENERATIONS_REMAINING_HEADER = 'Generations-Remaining';
/** The service API key header for server-to-server callers (spec §6, DESIGN D6). */
export const SERVICE_API_KEY_HEADER = 'X-Api-Key';

/** The caller's own data (issue 15): `DELETE` erases it all, `GET .../export` downloads it as a zip. */
export const myDataPaths = {
  me: '/users/me',
  export: '/users/me/export',
} as const;
