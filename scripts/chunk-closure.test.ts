import { describe, expect, it } from 'vitest';

import { isBarrel, staticClosure, type ModuleNode } from './chunk-closure.ts';

const NM = '/app/node_modules';
/** A module graph from `{ id: [code, imports, exports?] }`. */
function graph(modules: Record<string, [string, string[], string[]?]>) {
  return (id: string): ModuleNode | null => {
    const m = modules[id];
    return m ? { code: m[0], importedIds: m[1], exports: m[2] } : null;
  };
}

// a package index in @mantine/core's shape (import, then one export list) and one in
// @tabler/icons-react's (export … from), a nested `export *`, and the modules behind them
const ui = {
  [`${NM}/ui/index.mjs`]: [
    `import { Button } from "./Button.mjs";\nimport { Table, TableRow as Row } from "./Table.mjs";\nexport {\n  Button,\n  Row,\n  Table\n};\nexport * from "./more/index.mjs";\n`,
    [`${NM}/ui/Button.mjs`, `${NM}/ui/Table.mjs`, `${NM}/ui/more/index.mjs`],
  ],
  [`${NM}/ui/Button.mjs`]: [
    'import { cx } from "./cx.mjs";\nexport function Button() { return cx(); }',
    [`${NM}/ui/cx.mjs`],
    ['Button'],
  ],
  [`${NM}/ui/cx.mjs`]: ['export const cx = () => "";', [], ['cx']],
  [`${NM}/ui/Table.mjs`]: [
    'export function Table() {}\nexport function TableRow() {}',
    [],
    ['Table', 'TableRow'],
  ],
  [`${NM}/ui/more/index.mjs`]: [
    `/** @license */\nexport { default as IconHome, default as IconHouse } from './Home.mjs';\nexport { default as IconMail } from './Mail.mjs';`,
    [`${NM}/ui/more/Home.mjs`, `${NM}/ui/more/Mail.mjs`],
  ],
  [`${NM}/ui/more/Home.mjs`]: ['export default function Home() {}', [], ['default']],
  [`${NM}/ui/more/Mail.mjs`]: ['export default function Mail() {}', [], ['default']],
} satisfies Record<string, [string, string[], string[]?]>;

describe('staticClosure', () => {
  it('follows only the modules behind the names taken from a package index', () => {
    const g = graph({
      ...ui,
      '/app/src/page.tsx': [
        `import { Button, type ButtonProps, IconHouse } from 'ui';\nimport { helper } from './helper';\nexport default function Page() {}`,
        [`${NM}/ui/index.mjs`, '/app/src/helper.ts'],
      ],
      '/app/src/helper.ts': ['export const helper = 1;', []],
    });
    const closure = staticClosure(['/app/src/page.tsx'], g);
    expect([...closure].sort()).toEqual(
      [
        '/app/src/page.tsx',
        '/app/src/helper.ts',
        `${NM}/ui/index.mjs`,
        `${NM}/ui/Button.mjs`,
        `${NM}/ui/cx.mjs`,
        `${NM}/ui/more/index.mjs`,
        `${NM}/ui/more/Home.mjs`,
      ].sort(),
    );
  });

  it('takes the whole index for a namespace import, and for a name it cannot trace', () => {
    const all = Object.keys(ui).sort();
    for (const code of [
      `import * as UI from 'ui';`,
      `import { Missing } from 'ui';`,
      `export * from 'ui';`,
    ]) {
      const closure = staticClosure(
        ['/app/src/a.ts'],
        graph({ ...ui, '/app/src/a.ts': [code, [`${NM}/ui/index.mjs`]] }),
      );
      expect([...closure].filter((id) => id.startsWith(NM)).sort()).toEqual(all);
    }
  });

  it('renamed exports and default imports resolve to their module', () => {
    const closure = staticClosure(
      ['/app/src/a.ts'],
      graph({
        ...ui,
        '/app/src/a.ts': [
          `import { Row } from "ui";\nimport Mail from './mail';`,
          [`${NM}/ui/index.mjs`, '/app/src/mail.ts'],
        ],
        '/app/src/mail.ts': ['export default 1', []],
      }),
    );
    expect(closure.has(`${NM}/ui/Table.mjs`)).toBe(true);
    expect(closure.has(`${NM}/ui/Button.mjs`)).toBe(false);
    expect(closure.has('/app/src/mail.ts')).toBe(true);
  });
});

describe('isBarrel', () => {
  it('is a module of import and export statements only', () => {
    expect(isBarrel(ui[`${NM}/ui/index.mjs`][0])).toBe(true);
    expect(isBarrel(ui[`${NM}/ui/more/index.mjs`][0])).toBe(true);
    expect(isBarrel(ui[`${NM}/ui/Button.mjs`][0])).toBe(false);
    expect(isBarrel('import "./side-effect.css";\nexport { a } from "./a";')).toBe(true);
  });
});
