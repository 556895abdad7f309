import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The walls of the house (docs/architecture.md), proved on deliberate violations: each
 * fixture below is linted as if it stood at that path, and `npm run check` must refuse it.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function wallsCrossed(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

describe('the walls between runtimes hold', () => {
  it.each([
    [
      'a page reaching the worker',
      'components/search/fixture.tsx',
      "import { createApi } from '@/lib/background/api';",
    ],
    [
      'an entry page reaching the worker',
      'entrypoints/popup/fixture.tsx',
      "import { x } from '@/lib/background/handlers';",
    ],
    ['a page importing the content script', 'components/ui/fixture.ts', "import { x } from '@/lib/content/signals';"],
    [
      'a feature importing another feature',
      'components/search/fixture.tsx',
      "import { x } from '../brands/brands-store';",
    ],
    [
      'a feature importing another by alias',
      'components/boards/fixture.tsx',
      "import { x } from '@/components/search/search-store';",
    ],
    ['the ad kit importing a feature', 'components/ads/fixture.tsx', "import { x } from '../similar/similar-store';"],
    ['the UI kit importing the ad kit', 'components/ui/fixture.tsx', "import { x } from '../ads/ad-card';"],
    ['the content script reaching the worker', 'lib/content/fixture.ts', "import { x } from '../background/router';"],
    [
      'the content script reading storage',
      'entrypoints/find-similar.content/fixture.ts',
      "import { x } from '@/lib/storage/outbox';",
    ],
    ['the content script taking zod', 'lib/content/fixture.ts', "import { z } from 'zod';"],
    [
      'the content script taking a module not on its list',
      'lib/content/fixture.ts',
      "import { x } from '../keywords';",
    ],
    ['the content script taking React', 'entrypoints/find-similar.content/fixture.ts', "import { x } from 'react';"],
    [
      "the content script taking the contract's values",
      'lib/content/fixture.ts',
      "import { LIMITS as x } from '../contract/limits';",
    ],
    [
      'the content script taking message values',
      'lib/content/fixture.ts',
      "import { requests } from '../messaging/protocol';",
    ],
    ['the server importing the client', 'server/fixture.ts', "import { ApiError } from '../lib/messaging/api-error';"],
    [
      'a server route importing the worker',
      'server/routes/fixture.ts',
      "import { x } from '../../lib/background/api';",
    ],
    [
      'the contract importing messaging',
      'lib/contract/fixture.ts',
      "import { ApiError } from '../messaging/api-error';",
    ],
    ['the contract knowing the browser', 'lib/contract/fixture.ts', "import { browser } from 'wxt/browser';"],
    ['message types importing the worker', 'lib/messaging/fixture.ts', "import { x } from '../background/router';"],
    ['the worker importing a page', 'lib/background/fixture.ts', "import { x } from '../../components/ui/field';"],
  ])('refuses %s', async (_, filePath, code) => {
    expect(await wallsCrossed(filePath, `${code}\nexport const used = x;\n`)).not.toEqual([]);
  });

  it.each([
    [
      'a feature using the shared kits',
      'components/search/fixture.tsx',
      "import { x } from '../ads/ad-card';\nimport { y } from '../ui/field';\nimport { z } from '../navigation/navigation-store';",
    ],
    [
      'the shell composing features',
      'components/sidepanel/fixture.tsx',
      "import { x } from '../similar/use-page-handover';",
    ],
    [
      'the content script taking types and its constants',
      'lib/content/fixture.ts',
      "import type { RequestResult } from '../messaging/protocol';\nimport { TRIGGER_GLOBAL } from '../messaging/page-trigger';\nimport type { LibraryAd } from '../contract/ad-library';\nimport { browser } from 'wxt/browser';\nimport { readPageSignals } from './signals';",
    ],
    [
      'the server taking the contract',
      'server/routes/fixture.ts',
      "import { resolveWindow } from '../../lib/contract/window';",
    ],
    ['the contract taking the URL sanitizer', 'lib/contract/fixture.ts', "import { safeHttpUrl } from '../url';"],
    [
      'the worker taking messaging and storage',
      'lib/background/fixture.ts',
      "import { x } from '../messaging/api-error';\nimport { y } from '../storage/outbox';",
    ],
  ])('allows %s', async (_, filePath, code) => {
    expect(await wallsCrossed(filePath, code)).toEqual([]);
  });
});

/** The rules a linted fixture breaks, by rule id. */
async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? 'parse error');
}

describe("schemas use zod's tree-shakable API", () => {
  const classic = "import { z } from 'zod';\nexport const used = z.string();\n";

  it.each([
    ['a stored record', 'lib/storage/fixture.ts'],
    ['the contract', 'lib/contract/fixture.ts'],
    ["a feature's store", 'components/search/fixture-store.ts'],
    ['a view', 'components/search/fixture.tsx'],
    ['the reference server', 'server/fixture.ts'],
  ])('refuses classic zod in %s', async (_, filePath) => {
    expect(await rulesBroken(filePath, classic)).toContain('no-restricted-imports');
  });

  it('allows zod/mini', async () => {
    const mini = "import { z } from 'zod/mini';\nexport const used = z.string();\n";
    expect(await rulesBroken('lib/storage/fixture.ts', mini)).toEqual([]);
    expect(await rulesBroken('components/search/fixture.tsx', mini)).toEqual([]);
  });
});

describe("no page carries WXT's storage by a name", () => {
  it("refuses a binding named 'storage', which WXT would auto-import its storage for", async () => {
    const code = "export function read(storage: Storage = localStorage) {\n  return storage.getItem('k');\n}\n";
    expect(await rulesBroken('components/sidepanel/fixture.ts', code)).toContain('no-restricted-syntax');
    expect(await rulesBroken('components/sidepanel/fixture.ts', code.replaceAll('storage', 'pageStorage'))).toEqual([]);
  });
});

describe('views take data and render', () => {
  const query = "import { useQuery } from '@tanstack/react-query';\nexport const used = useQuery;\n";

  it.each([
    ['a view calling useQuery', 'components/brands/fixture.tsx', query],
    [
      'a view calling useMutation',
      'components/accounts/fixture.tsx',
      "import { useMutation } from '@tanstack/react-query';\nexport const used = useMutation;\n",
    ],
  ])('refuses %s', async (_, filePath, code) => {
    expect(await rulesBroken(filePath, code)).toContain('no-restricted-imports');
  });

  it('allows the query in a hook beside the view, and types of query results in a view', async () => {
    expect(await rulesBroken('components/brands/use-fixture.ts', query)).toEqual([]);
    expect(
      await rulesBroken(
        'components/ads/fixture.tsx',
        "import type { UseInfiniteQueryResult } from '@tanstack/react-query';\nexport type Used = UseInfiniteQueryResult;\n",
      ),
    ).toEqual([]);
  });

  it('refuses a component function past 120 lines, and takes one within them', async () => {
    const component = (lines: number) =>
      `export function Long() {\n${Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};`).join('\n')}\n  return v0;\n}\n`;
    expect(await rulesBroken('components/search/fixture.tsx', component(125))).toContain('max-lines-per-function');
    expect(await rulesBroken('components/search/fixture.tsx', component(110))).not.toContain('max-lines-per-function');
  });
});

/** Import specifiers of a source file (static, type and dynamic imports). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1] ?? '');
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The folder of components/ an import lands in, or null for anything outside components/. */
function componentFolder(importer: string, specifier: string): string | null {
  const resolved = specifier.startsWith('@/')
    ? specifier.slice(2)
    : specifier.startsWith('.')
      ? path.join(path.dirname(importer), specifier)
      : '';
  const parts = resolved.split(path.sep).join('/').split('/');
  return parts[0] === 'components' && parts[1] ? parts[1] : null;
}

/** Folders of a graph that sit on a cycle (Tarjan's strongly connected components of size > 1). */
function foldersOnCycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, indices.get(next) ?? 0));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member !== undefined) {
          onStack.delete(member);
          component.push(member);
        }
      } while (member !== undefined && member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return cycles;
}

describe('component folders', () => {
  it('import each other without a cycle', () => {
    const graph = new Map<string, Set<string>>();
    for (const file of filesUnder('components')) {
      const from = file.split(path.sep)[1] ?? '';
      const edges = graph.get(from) ?? new Set<string>();
      graph.set(from, edges);
      for (const specifier of importsOf(file)) {
        const to = componentFolder(file, specifier);
        if (to && to !== from) edges.add(to);
      }
    }
    expect(graph.size).toBeGreaterThan(10);
    expect(foldersOnCycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['search', new Set(['ads'])],
      ['ads', new Set(['similar'])],
      ['similar', new Set(['search'])],
      ['ui', new Set<string>()],
    ]);
    expect(foldersOnCycles(graph)).toEqual([['ads', 'search', 'similar']]);
  });
});
