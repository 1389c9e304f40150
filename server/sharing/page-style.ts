// The look of the server-rendered pages (share page, spec sheet, link messages): the app's design language
// without its bundle. The custom properties are the app's own (src/styles/tokens.css), which the server may not
// import; tests/server/sharing/page-style.test.ts fails when a value here differs from the app's.

/** The app's design tokens these pages use, by custom-property name. */
export const PAGE_TOKENS: Readonly<Record<string, string>> = {
  '--color-bg': '#faf7f2',
  '--color-surface': '#ffffff',
  '--color-surface-muted': '#f2ede5',
  '--color-border': '#ddd5c9',
  '--color-border-strong': '#8a7f72',
  '--color-text': '#2a2622',
  '--color-text-muted': '#5f574e',
  '--color-accent': '#2f5d50',
  '--color-accent-strong': '#234a3f',
  '--color-accent-soft': '#e3ece8',
  '--color-on-accent': '#ffffff',
  '--color-focus': '#1d4ed8',
  '--font-sans':
    'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  '--font-serif': 'ui-serif, Georgia, "Times New Roman", serif',
  '--text-sm': '0.875rem',
  '--text-md': '1rem',
  '--text-lg': '1.125rem',
  '--text-xl': '1.375rem',
  '--text-3xl': '2.25rem',
  '--space-1': '0.25rem',
  '--space-2': '0.5rem',
  '--space-3': '0.75rem',
  '--space-4': '1rem',
  '--space-5': '1.5rem',
  '--space-6': '2rem',
  '--radius-sm': '6px',
  '--radius-md': '12px',
  '--radius-lg': '20px',
  '--radius-pill': '999px',
  '--shadow-md': '0 4px 14px rgb(42 38 34 / 0.1)',
  '--tap-target': '44px',
};

const tokens = `:root{color-scheme:light;${Object.entries(PAGE_TOKENS)
  .map(([name, value]) => `${name}:${value}`)
  .join(';')}}`;

/** The frame every page shares: brand bar, type scale, buttons, links, panels, the way back into the product. */
export const PAGE_CSS = `${tokens}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:var(--color-bg);color:var(--color-text);font-family:var(--font-sans);font-size:var(--text-md);line-height:1.55}
h1,h2{font-family:var(--font-serif);font-weight:600;line-height:1.2;margin:0 0 var(--space-3)}
h1{font-size:var(--text-3xl)}h2{font-size:var(--text-xl);margin-top:var(--space-6)}
p{margin:0 0 var(--space-4)}a{color:var(--color-accent-strong)}
:focus-visible{outline:3px solid var(--color-focus);outline-offset:2px}
img{display:block;max-width:100%;height:auto}
.site-header{display:flex;align-items:center;justify-content:space-between;gap:var(--space-3);min-height:3.5rem;padding:0 var(--space-4);border-bottom:1px solid var(--color-border);background:var(--color-surface)}
.brand{display:inline-flex;align-items:center;gap:var(--space-2);min-height:var(--tap-target);font-family:var(--font-serif);font-weight:600;font-size:var(--text-lg);color:var(--color-text);text-decoration:none}
main{max-width:60rem;margin:0 auto;padding:var(--space-5) var(--space-4) var(--space-6)}
.lead{font-size:var(--text-lg);color:var(--color-text-muted)}
.muted{color:var(--color-text-muted)}.note{font-size:var(--text-sm);color:var(--color-text-muted)}
.panel{background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius-md);padding:var(--space-4)}
.actions{display:flex;flex-wrap:wrap;gap:var(--space-3);margin:var(--space-5) 0}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:var(--tap-target);padding:var(--space-2) var(--space-5);border:2px solid transparent;border-radius:var(--radius-pill);font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button--primary{background:var(--color-accent);color:var(--color-on-accent)}.button--primary:hover{background:var(--color-accent-strong)}
.button--secondary{background:var(--color-surface);color:var(--color-text);border-color:var(--color-border-strong)}.button--secondary:hover{background:var(--color-surface-muted)}
figure{margin:0 0 var(--space-4)}figcaption{font-size:var(--text-sm);color:var(--color-text-muted);margin-top:var(--space-2)}
figure img{width:100%;border-radius:var(--radius-lg);box-shadow:var(--shadow-md)}
.swatch{display:inline-block;vertical-align:middle;margin-right:var(--space-2)}
@media (min-width:48rem){h1{font-size:3rem}main{padding:var(--space-6)}}
@media (max-width:28rem){.brand__name{display:none}}`;

/** The brand mark (the app's header and favicon). */
export const BRAND_MARK = `<svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false"><rect x="3" y="6" width="22" height="18" rx="3" fill="#2f5d50"/><rect x="7" y="10" width="6" height="10" rx="1" fill="#e3ece8"/><rect x="15" y="10" width="6" height="10" rx="1" fill="#e3ece8"/></svg>`;
