import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueResponseSchemas } from '../../../contract/catalogue';
import { cataloguePaths } from '../../../contract/endpoints';
import { apiErrorSchema } from '../../../contract/errors';
import { buildCatalogueApp, catalogueUrl } from './catalogue-app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildCatalogueApp();
});
afterAll(() => app.close());

type Endpoint = keyof typeof cataloguePaths;

/** GETs a catalogue endpoint and returns its body checked against the endpoint's contract schema. */
async function fetchCatalogue<Name extends Endpoint>(
  name: Name,
  query: Record<string, string> = {},
  group?: string,
) {
  const response = await app.inject(catalogueUrl(cataloguePaths[name].path, query, group));
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return catalogueResponseSchemas[name].parse(response.json()) as ReturnType<
    (typeof catalogueResponseSchemas)[Name]['parse']
  >;
}

async function expectError(url: string, statusCode: 400 | 404, messagePart: string) {
  const response = await app.inject(url);
  expect(response.statusCode, url).toBe(statusCode);
  const body = apiErrorSchema.parse(response.json());
  expect(body.statusCode).toBe(statusCode);
  expect(body.message).toContain(messagePart);
}

const url = (name: Endpoint, query: Record<string, string> = {}, group?: string) =>
  catalogueUrl(cataloguePaths[name].path, query, group);

describe('every catalogue answer parses with its contract schema', () => {
  it('walks the whole worktop tree', async () => {
    const { materials } = await fetchCatalogue('worktopMaterials');
    expect(materials.length).toBeGreaterThanOrEqual(8);
    let colourCount = 0;
    for (const material of materials) {
      const { groups } = await fetchCatalogue('worktopColourGroups', { material });
      expect(groups.length).toBeGreaterThan(0);
      for (const group of groups) {
        const { colours } = await fetchCatalogue('worktopColours', { material, colour_group: group }, group);
        colourCount += colours.length;
        for (const colour of colours) {
          expect(colour.primary_hex).toMatch(/^#[0-9A-F]{6}$/);
          expect(colour.image_url).toMatch(/\.webp$/);
          const { worktops } = await fetchCatalogue('worktopPreviews', {
            material,
            colour_group: group,
            colour: colour.colour,
          });
          expect(worktops.length).toBeGreaterThan(0);
        }
      }
    }
    expect(colourCount).toBeGreaterThanOrEqual(60);
  });

  it('walks the whole frontal tree', async () => {
    const { groups: styles } = await fetchCatalogue('doorStyleGroups');
    expect(styles.length).toBeGreaterThanOrEqual(8);
    const colours = new Set<string>();
    for (const style of styles) {
      const { handles } = await fetchCatalogue('handleStyles', { door_style_group: style });
      for (const handle of handles) {
        const is_handleless = String(handle === 'handleless');
        const base = { door_style_group: style, is_handleless };
        const { finishes } = await fetchCatalogue('finishes', base);
        expect(finishes.length).toBeGreaterThan(0);
        for (const finish of finishes) {
          const { groups } = await fetchCatalogue('frontalColourGroups', { ...base, finish });
          for (const colour_group of groups) {
            const { frontals } = await fetchCatalogue('frontalPreviews', { ...base, finish, colour_group });
            expect(frontals.length).toBeGreaterThan(0);
            for (const frontal of frontals) colours.add(`${colour_group}/${frontal.colour}`);
          }
        }
      }
    }
    expect(colours.size).toBeGreaterThanOrEqual(60);
  });
});

describe('handle options', () => {
  // Spec §2: when every option resolves to one value the app stores it and skips the handles step.
  const resolve = (text: string) => ['handleless', 'yes', 'true'].includes(text.trim().toLowerCase());
  const resolvedOptions = async (style: string) => {
    const { handles } = await fetchCatalogue('handleStyles', { door_style_group: style });
    return new Set(handles.map(resolve));
  };

  it('auto-skip to handleless, to with-handle, or offer both', async () => {
    expect(await resolvedOptions('True Handleless')).toEqual(new Set([true]));
    expect(await resolvedOptions('J-Pull Handleless')).toEqual(new Set([true]));
    expect(await resolvedOptions('Shaker')).toEqual(new Set([false]));
    expect(await resolvedOptions('Slab')).toEqual(new Set([true, false]));
  });

  it('match the finishes a style is made in', async () => {
    const { finishes: glossToo } = await fetchCatalogue('finishes', {
      door_style_group: 'Slab',
      is_handleless: 'true',
    });
    expect(glossToo).toContain('Gloss');
    const { finishes: profiled } = await fetchCatalogue('finishes', {
      door_style_group: 'Shaker',
      is_handleless: 'false',
    });
    expect(profiled).not.toContain('Gloss');
  });
});

describe('optional parameters narrow worktop previews', () => {
  it('from a whole material to a group to one colour', async () => {
    const all = await fetchCatalogue('worktopPreviews', { material: 'Granite' });
    const group = await fetchCatalogue('worktopPreviews', { material: 'Granite', colour_group: 'Blacks' });
    const colour = await fetchCatalogue('worktopPreviews', {
      material: 'Granite',
      colour_group: 'Blacks',
      colour: 'Absolute Black',
    });
    expect(all.worktops.length).toBeGreaterThan(group.worktops.length);
    expect(group.worktops.length).toBeGreaterThan(colour.worktops.length);
    expect(colour.worktops.map((worktop) => worktop.finish)).toEqual(['Polished', 'Honed', 'Leathered']);
    const colourOnly = await fetchCatalogue('worktopPreviews', {
      material: 'Granite',
      colour: 'Absolute Black',
    });
    expect(colourOnly).toEqual(colour);
  });
});

describe('group names in the path', () => {
  it('carry spaces, & and / URL-encoded', async () => {
    const slash = await fetchCatalogue('worktopColours', { material: 'Laminate' }, 'Concrete / Slate Effect');
    expect(slash.colours.map((colour) => colour.colour)).toContain('Anthracite Slate');
    const ampersand = await fetchCatalogue('worktopColours', { material: 'Quartz' }, 'Greys & Concrete');
    expect(ampersand.colours.map((colour) => colour.colour)).toContain('Raw Concrete');
    const spaces = await fetchCatalogue('worktopColours', { material: 'Solid Wood' }, 'Light Woods');
    expect(spaces.colours.length).toBe(5);
  });

  it('are decoded with accents intact, and match whatever the case', async () => {
    await expectError(url('worktopColours', { material: 'Marble' }, 'Crème & Beige'), 404, '"Crème & Beige"');
    const anyCase = await fetchCatalogue('worktopColours', { material: 'marble' }, 'BROWNS & BEIGES');
    expect(anyCase.colours.map((colour) => colour.colour)).toEqual(['Crema Marfil', 'Emperador Dark']);
  });
});

describe('over real HTTP', () => {
  it('routes an encoded slash in a group name to the colours of that group', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(
      `${address}${url('worktopColours', { material: 'Laminate' }, 'Concrete / Slate Effect')}`,
    );
    expect(response.status).toBe(200);
    const { colours } = catalogueResponseSchemas.worktopColours.parse(await response.json());
    expect(colours.map((colour) => colour.colour)).toEqual([
      'Light Concrete',
      'Dark Concrete',
      'Anthracite Slate',
    ]);
  });
});

describe('errors', () => {
  it('answer 404 for an unknown material, group, finish or colour', async () => {
    await expectError(url('worktopColourGroups', { material: 'Lava' }), 404, 'Lava');
    await expectError(url('worktopColours', { material: 'Lava' }, 'Whites'), 404, 'Lava');
    await expectError(url('worktopColours', { material: 'Quartz' }, 'Purples'), 404, 'Purples');
    await expectError(
      url('worktopPreviews', { material: 'Quartz', colour_group: 'Purples' }),
      404,
      'Purples',
    );
    await expectError(url('worktopPreviews', { material: 'Quartz', colour: 'Mauve' }), 404, 'Mauve');
    await expectError(url('handleStyles', { door_style_group: 'Gothic' }), 404, 'Gothic');
    await expectError(
      url('finishes', { door_style_group: 'Shaker', is_handleless: 'true' }),
      404,
      'handleless',
    );
    const shakerGloss = { door_style_group: 'Shaker', is_handleless: 'false', finish: 'Gloss' };
    await expectError(url('frontalColourGroups', shakerGloss), 404, 'Gloss');
    const glossGreens = {
      door_style_group: 'Slab',
      is_handleless: 'false',
      finish: 'Gloss',
      colour_group: 'Greens',
    };
    await expectError(url('frontalPreviews', glossGreens), 404, 'Greens');
  });

  it('answer 400 naming a missing or malformed parameter', async () => {
    await expectError(url('worktopColourGroups'), 400, '`material`');
    await expectError(url('worktopColours', {}, 'Whites'), 400, '`material`');
    await expectError(url('worktopPreviews', { colour: 'Sand' }), 400, '`material`');
    await expectError(url('handleStyles'), 400, '`door_style_group`');
    await expectError(url('finishes', { door_style_group: 'Slab' }), 400, '`is_handleless`');
    await expectError(
      url('finishes', { door_style_group: 'Slab', is_handleless: 'yes' }),
      400,
      '`true` or `false`',
    );
    await expectError(
      url('frontalColourGroups', { door_style_group: 'Slab', is_handleless: 'true' }),
      400,
      '`finish`',
    );
    const noGroup = { door_style_group: 'Slab', is_handleless: 'true', finish: 'Matt' };
    await expectError(url('frontalPreviews', noGroup), 400, '`colour_group`');
    await expectError(
      url('frontalPreviews', { ...noGroup, colour_group: 'Whites', is_handleless: '1' }),
      400,
      'is_handleless',
    );
    await expectError(
      `${url('worktopColourGroups', { material: 'Quartz' })}&material=Granite`,
      400,
      '`material` must be given once',
    );
    await expectError(
      url('worktopColours', { material: 'Quartz', colour_group: 'Blacks' }, 'Whites'),
      400,
      '`colour_group`',
    );
  });
});

describe('HTTP caching', () => {
  it('sends an ETag with a five-minute freshness, and 304 when it matches', async () => {
    const target = url('finishes', { door_style_group: 'Slab', is_handleless: 'true' });
    const first = await app.inject(target);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await app.inject(target);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);

    const revalidated = await app.inject({ url: target, headers: { 'if-none-match': `"stale", W/${etag}` } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    const changed = await app.inject({ url: target, headers: { 'if-none-match': '"stale"' } });
    expect(changed.statusCode).toBe(200);
    const other = await app.inject(url('finishes', { door_style_group: 'Slab', is_handleless: 'false' }));
    expect(other.headers.etag).not.toBe(etag);
  });
});
