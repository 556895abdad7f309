import { readCatalogue } from '../../scripts/i18n/catalogues';
import { shortIds } from '../../scripts/i18n/short-ids';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, DEMO_BASE_URL, DEMO_SECOND_API_KEY } from '../../lib/contract/demo';
import { cataloguePath, LANGUAGES, SOURCE_LANGUAGE } from '../../lib/i18n/languages';
import { createDemoData } from '../../server/demo-data';
import { TEST_NOW } from '../support/clock';
import { staticClosure } from '../../bench/sizes';

/**
 * What ships: each browser's manifest (snapshotted, so any widening of permissions shows up in
 * review) and the code that runs inside web pages (which must know nothing of the API key).
 */
const BUILDS = ['chrome-mv3', 'firefox-mv2'] as const;
const output = (build: string, ...parts: string[]) => path.resolve('.output', build, ...parts);

interface Manifest {
  name?: string;
  description?: string;
  default_locale?: string;
  homepage_url?: string;
  commands?: Record<string, { description?: string }>;
  permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  optional_permissions?: string[];
  content_scripts?: unknown[];
  content_security_policy?: unknown;
  web_accessible_resources?: unknown[];
  externally_connectable?: unknown;
  browser_specific_settings?: {
    gecko?: { data_collection_permissions?: { required?: string[]; optional?: string[] } };
  };
}

const manifestOf = (build: string): Manifest => JSON.parse(readFileSync(output(build, 'manifest.json'), 'utf8'));

/** The JavaScript that runs in other people's pages: the injected find-similar script (and the page button in it). */
function pageBundles(build: string): string[] {
  const dir = output(build, 'content-scripts');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join(dir, file));
}

/** Quoted literals that look like a credential: 16+ token characters with several digits and letters. */
function keyShaped(source: string): string[] {
  return [...source.matchAll(/["'`]([A-Za-z0-9_-]{16,})["'`]/g)]
    .map((match) => match[1] ?? '')
    .filter((token) => (token.match(/\d/g) ?? []).length >= 3 && (token.match(/[A-Za-z]/g) ?? []).length >= 3);
}

describe.each(BUILDS)('%s build', (build) => {
  it('exists (run npm run build and npm run build:firefox first)', () => {
    expect(existsSync(output(build, 'manifest.json'))).toBe(true);
  });

  it('has the reviewed manifest: permissions, host access, content scripts, CSP', async () => {
    const manifest = manifestOf(build);
    const reviewed = {
      permissions: manifest.permissions,
      host_permissions: manifest.host_permissions ?? null,
      optional_host_permissions: manifest.optional_host_permissions ?? null,
      optional_permissions: manifest.optional_permissions ?? null,
      content_scripts: manifest.content_scripts ?? null,
      content_security_policy: manifest.content_security_policy ?? null,
      web_accessible_resources: manifest.web_accessible_resources ?? null,
      externally_connectable: manifest.externally_connectable ?? null,
      data_collection_permissions: manifest.browser_specific_settings?.gecko?.data_collection_permissions ?? null,
    };
    await expect(JSON.stringify(reviewed, null, 2)).toMatchFileSnapshot(`./__snapshots__/manifest.${build}.json`);
  });

  it('asks for no site at install: no <all_urls>, no host permission, no static content script', () => {
    const manifest = manifestOf(build);
    const text = JSON.stringify(manifest);
    expect(text).not.toContain('<all_urls>');
    expect(manifest.host_permissions ?? []).toEqual([]);
    expect((manifest.permissions ?? []).filter((permission) => permission.includes('://'))).toEqual([]);
    expect(manifest.content_scripts ?? []).toEqual([]);
    expect(manifest.web_accessible_resources ?? []).toEqual([]);
    expect(manifest.externally_connectable ?? null).toBeNull();
  });

  it('loads no remote code and allows no eval in its pages', () => {
    const csp = JSON.stringify(manifestOf(build).content_security_policy ?? '');
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/);
    for (const html of readdirSync(output(build)).filter((file) => file.endsWith('.html'))) {
      const source = readFileSync(output(build, html), 'utf8');
      expect(source, html).not.toMatch(/<script[^>]+src="(https?:)?\/\//);
      expect(source, html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
    }
  });

  it('ships page code that knows nothing of the API key', () => {
    const keys = [
      DEMO_API_KEY,
      DEMO_SECOND_API_KEY,
      ...createDemoData(1, new Date(TEST_NOW)).workspaces.map((workspace) => workspace.apiKey),
    ];
    const bundles = pageBundles(build);
    expect(bundles.length).toBeGreaterThan(0);
    for (const file of bundles) {
      const source = readFileSync(file, 'utf8');
      const name = path.basename(file);
      expect(source, name).not.toMatch(/apiKey|api_key|X-API-Key|Authorization|Bearer/i);
      for (const key of keys) expect(source, name).not.toContain(key);
      expect(keyShaped(source), name).toEqual([]);
      // Nothing else is loaded into the page: no dynamic import, no eval, no script URL.
      expect(source, name).not.toMatch(/\bimport\(|\beval\(|new Function\(|getURL\([^)]*\.js/);
      // Nor is the page told: WXT's content-script context, which announces each copy on the page's document, is
      // left out (wxt.config.ts).
      expect(source, name).not.toMatch(/content-script-started|dispatchEvent\(new CustomEvent/);
    }
  });
});

describe('the Firefox build', () => {
  it("declares what leaves the browser: the key, find-similar's page title, selection and domain, and searches", () => {
    const declared = manifestOf('firefox-mv2').browser_specific_settings?.gecko?.data_collection_permissions;
    expect(declared?.required).not.toContain('none');
    expect(declared?.required).toEqual(
      expect.arrayContaining(['authenticationInfo', 'websiteContent', 'browsingActivity', 'searchTerms']),
    );
  });
});

/** Every file a build ships that a browser reads as text. */
function shippedText(build: string): { file: string; text: string }[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  return walk(output(build))
    .filter((file) => /\.(js|html|css|json)$/.test(file))
    .map((file) => ({ file: path.relative(output(build), file), text: readFileSync(file, 'utf8') }));
}

/** What only the demo, e2e and bench builds may hold: the demo server control, its keys and address, the test hooks. */
const DEMO_MARKERS = [
  'Use the local demo server',
  DEMO_BASE_URL,
  DEMO_API_KEY,
  DEMO_SECOND_API_KEY,
  ...createDemoData(1, new Date(TEST_NOW)).workspaces.map((workspace) => workspace.apiKey),
  'adscopeE2E',
  'fireWatchAlarm',
  '/__admin',
  'http://127.0.0.1/*',
];

describe.each(BUILDS)('the %s catalogues', (build) => {
  it('are every language but English (each bundle carries its own), without the pseudo-language', () => {
    const shipped = readdirSync(output(build, 'catalogues')).sort();
    const expected = LANGUAGES.filter((language) => language !== SOURCE_LANGUAGE).map((tag) => cataloguePath(tag));
    expect(shipped.map((file) => `catalogues/${file}`)).toEqual(expected.sort());
  });
});

describe.each(BUILDS)('the %s messages', (build) => {
  it('are named by their short ids everywhere: no script, page or catalogue holds a message’s name', () => {
    const names = Object.keys(readCatalogue(SOURCE_LANGUAGE));
    const named = shippedText(build).flatMap(({ file, text }) =>
      names
        .filter((name) => [`"${name}"`, `'${name}'`, `\`${name}\``].some((quoted) => text.includes(quoted)))
        .map((name) => `${file}: ${name}`),
    );
    expect(named).toEqual([]);
    // Each shipped language holds the English catalogue's ids, no other.
    const ids = new Set(shortIds(path.resolve('lib/i18n/catalogues/en.json')).values());
    const german = JSON.parse(readFileSync(output(build, cataloguePath('de')), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(german).length).toBeGreaterThan(1000);
    expect(Object.keys(german).filter((id) => !ids.has(id))).toEqual([]);
  });
});

describe('nothing of the demo in production', () => {
  it.each(BUILDS)('%s holds no demo control, demo key, demo address or test hook', (build) => {
    const files = shippedText(build);
    expect(files.length).toBeGreaterThan(5);
    const found = files.flatMap(({ file, text }) =>
      DEMO_MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${file}: ${marker}`),
    );
    expect(found).toEqual([]);
  });

  it('while the e2e build, made from the same code, has them (so the search above can find them)', () => {
    const text = shippedText('chrome-mv3-e2e')
      .map((entry) => entry.text)
      .join('\n');
    for (const marker of ['Use the local demo server', DEMO_API_KEY, 'adscopeE2E', 'http://127.0.0.1/*'])
      expect(text).toContain(marker);
  });
});

/** The rows of the permission table in docs/store-listing.md: permission → its reason. */
function explainedPermissions(): Map<string, string> {
  const listing = readFileSync(path.resolve('docs/store-listing.md'), 'utf8');
  const rows = [...listing.matchAll(/^\|\s*`([^`]+)`\s*\|[^|]*\|\s*([^|]+?)\s*\|\s*$/gm)];
  return new Map(rows.map((row) => [row[1] ?? '', row[2] ?? '']));
}

describe.each(BUILDS)('the %s store listing', (build) => {
  it('explains every permission and optional permission of the manifest in a sentence', () => {
    const manifest = manifestOf(build);
    const asked = [
      ...(manifest.permissions ?? []),
      ...(manifest.optional_permissions ?? []),
      ...(manifest.host_permissions ?? []),
      ...(manifest.optional_host_permissions ?? []),
    ];
    expect(asked.length).toBeGreaterThan(5);
    const explained = explainedPermissions();
    const unexplained = asked.filter((permission) => (explained.get(permission)?.split(/\s+/).length ?? 0) < 6);
    expect(unexplained, 'add a row for each to docs/store-listing.md').toEqual([]);
  });

  it('names the extension, its commands and its summary through _locales, in English by default', () => {
    const manifest = manifestOf(build);
    expect(manifest.default_locale).toBe('en');
    const messages = JSON.parse(readFileSync(output(build, '_locales/en/messages.json'), 'utf8')) as Record<
      string,
      { message: string }
    >;
    const texts = [
      manifest.name,
      manifest.description,
      ...Object.values(manifest.commands ?? {}).map((c) => c.description),
    ];
    for (const text of texts) {
      const key = /^__MSG_(\w+)__$/.exec(text ?? '')?.[1];
      expect(key, `${text} should come from _locales`).toBeDefined();
      expect(messages[key ?? '']?.message.length).toBeGreaterThan(0);
    }
    expect(messages.extDescription?.message.length).toBeLessThanOrEqual(132);
  });

  it('has the store texts in every language Adscope speaks, each with every English key', () => {
    const read = (folder: string) =>
      JSON.parse(readFileSync(output(build, '_locales', folder, 'messages.json'), 'utf8')) as Record<
        string,
        { message: string }
      >;
    const english = read('en');
    for (const language of LANGUAGES) {
      const messages = read(language.replace('-', '_'));
      expect(Object.keys(messages).sort(), language).toEqual(Object.keys(english).sort());
      expect(messages.extDescription?.message.length, language).toBeLessThanOrEqual(132);
    }
  });

  it("links the project's home page from package.json", () => {
    const pkg = JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')) as { homepage: string; license: string };
    expect(manifestOf(build).homepage_url).toBe(pkg.homepage.replace(/#.*$/, ''));
    expect(pkg.license).toBe('MIT');
    expect(existsSync(path.resolve('LICENSE'))).toBe(true);
    expect(existsSync(path.resolve('PRIVACY.md'))).toBe(true);
  });
});

describe('the permission table reader', () => {
  it('finds a permission only with a reason', () => {
    const explained = explainedPermissions();
    expect(explained.get('storage')).toMatch(/API key/);
    expect(explained.has('tabs')).toBe(false);
  });
});

describe.each(['chrome-mv3', 'firefox-mv2'])('the side panel’s first load in the %s build', (build) => {
  const chunks = () => readdirSync(output(build, 'chunks'));
  it('fetches the app in a few files, not one per shared module (each costs the page a fetch)', () => {
    const boot = chunks().find((file) => file.startsWith('boot-'));
    expect(boot).toBeDefined();
    const html = readFileSync(output(build, 'sidepanel.html'), 'utf8');
    const entry = /<script type="module"[^>]*\ssrc="\/([^"]+)"/.exec(html)?.[1] ?? '';
    const before = new Set(staticClosure(output(build), entry));
    expect(before.size).toBeLessThanOrEqual(4);
    const loaded = staticClosure(output(build), `chunks/${boot}`).filter((file) => !before.has(file));
    expect(loaded.length).toBeGreaterThan(3);
    expect(loaded.length).toBeLessThanOrEqual(10);
    // The view it opens on by default, the search, comes in two files more: its own, and what it
    // shares with the panel's other lazy imports (the save dialog).
    const search = chunks().find((file) => file.startsWith('view-search-tab-'));
    expect(search).toBeDefined();
    const view = staticClosure(output(build), `chunks/${search}`).filter(
      (file) => !before.has(file) && !loaded.includes(file),
    );
    expect(view.sort()).toEqual(
      [
        `chunks/${search}`,
        `chunks/${chunks().find((file) => file.startsWith('panel-later-')) ?? 'panel-later'}`,
      ].sort(),
    );
  });

  it('preloads for the boot no file the entry has loaded already, and no panel chunk of a few hundred bytes', () => {
    const html = readFileSync(output(build, 'sidepanel.html'), 'utf8');
    const entry = /<script type="module"[^>]*\ssrc="\/([^"]+)"/.exec(html)?.[1] ?? '';
    const preloads = JSON.parse(
      /m\.f=(\[[^\]]*\])/.exec(readFileSync(output(build, entry), 'utf8'))?.[1] ?? '[]',
    ) as string[];
    expect(preloads.some((file) => file.includes('/boot-'))).toBe(true);
    const loaded = staticClosure(output(build), entry);
    expect(preloads.filter((file) => loaded.includes(file))).toEqual([]);
    const small = chunks().filter(
      (file) => file.startsWith('panel') && statSync(output(build, 'chunks', file)).size < 1000,
    );
    expect(small).toEqual([]);
  });

  it('holds each of its pages’ own stylesheets in the HTML, their links disabled: no fetch holds the first frame', () => {
    for (const page of ['sidepanel.html', 'popup.html', 'options.html', 'welcome.html']) {
      const html = readFileSync(output(build, page), 'utf8');
      const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g)];
      expect(links.length, page).toBeGreaterThan(0);
      for (const [tag, file] of links) {
        expect(tag, page).toMatch(/\sdisabled>$/);
        expect(html, page).toContain(`<style>${readFileSync(output(build, file ?? ''), 'utf8')}</style>`);
      }
    }
  });

  it("paints its picture with a script that touches no extension API (the first touch builds the API's bindings)", () => {
    const picture = readFileSync(output(build, 'panel-picture.js'), 'utf8');
    expect(picture).toContain('localStorage');
    expect(picture).not.toMatch(/\b(chrome|browser)\b/);
  });

  it("makes no page fetch WXT's plugin stubs as files of their own (empty in a build)", () => {
    expect(chunks().filter((file) => file.startsWith('_virtual_wxt'))).toEqual([]);
  });

  it('makes no other page load a view of the side panel', () => {
    for (const page of ['popup.html', 'options.html', 'welcome.html']) {
      const html = readFileSync(output(build, page), 'utf8');
      const entry = /<script type="module"[^>]*\ssrc="\/([^"]+)"/.exec(html)?.[1] ?? '';
      expect(
        staticClosure(output(build), entry).filter((file) => /^chunks\/view-/.test(file)),
        page,
      ).toEqual([]);
    }
  });

  it('makes no other page load what only the side panel uses', () => {
    for (const [page, name] of [
      ['popup.html', 'popup'],
      ['options.html', 'options'],
      ['welcome.html', 'welcome'],
    ] as const) {
      const html = readFileSync(output(build, page), 'utf8');
      const entry = /<script type="module"[^>]*\ssrc="\/([^"]+)"/.exec(html)?.[1];
      expect(entry, page).toBeDefined();
      const panelChunks = staticClosure(output(build), entry ?? '').filter((file) => /^chunks\/panel-/.test(file));
      for (const file of panelChunks) expect(file.split('/')[1]?.split('-'), `${page} loads ${file}`).toContain(name);
    }
  });
});
