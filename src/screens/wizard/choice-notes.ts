// Short, plain descriptions shown under catalogue names on the option cards (facts from
// shared/reference/catalogue.md). A name without a note simply shows no description.

const notes =
  (table: Record<string, string>) =>
  (name: string): string | undefined =>
    table[name.trim().toLowerCase()];

export const worktopMaterialNote = notes({
  quartz: 'Engineered stone: non-porous, consistent, no sealing needed.',
  granite: 'Natural stone with a unique pattern in every slab.',
  marble: 'Soft, luminous natural stone with gentle veining.',
  laminate: 'Affordable and practical, in stone and wood looks.',
  'solid wood': 'Warm timber that can be sanded and re-oiled.',
  'solid surface': 'Seamless and repairable, color all the way through.',
  'sintered stone': 'Resists heat, stains, scratches and sunlight.',
  concrete: 'An industrial, handcrafted look.',
  'stainless steel': 'Heat-proof and hygienic, like a professional kitchen.',
});

export const frontFinishNote = notes({
  gloss: 'Reflective and bright, makes a room feel bigger.',
  matt: 'Soft and calm, shows fewer fingerprints.',
  'super-matt': 'Velvety, ultra-low sheen with anti-fingerprint feel.',
  painted: 'A classic eggshell paint finish, can be repainted.',
  lacquered: 'Sprayed color in any sheen, smooth and even.',
  woodgrain: 'The grain and warmth of timber.',
});

export const worktopFinishNote = notes({
  polished: 'Glossy, deepens the color.',
  honed: 'Smooth and matt, a softer look.',
  leathered: 'Subtly textured, hides fingerprints.',
  textured: 'A tactile, natural surface.',
  matt: 'Low sheen and understated.',
  satin: 'A gentle soft sheen.',
  gloss: 'High shine.',
  oiled: 'Natural, easy to refresh.',
  lacquered: 'Sealed and low maintenance.',
  brushed: 'Fine satin lines that soften scratches.',
});
