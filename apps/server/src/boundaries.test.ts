import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The module-boundary lint rule of eslint.config.js, run on snippets as if they were files of the server.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function reachIns(filePath: string, code: string) {
  const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('module boundaries (lint)', () => {
  it("refuses a module's import of another module's inner file", async () => {
    const messages = await reachIns(
      'apps/server/src/modules/notes/service.ts',
      "import { findLive as value } from '../records/service';",
    );
    expect(messages).toEqual([expect.stringContaining('through its index.ts')]);
  });

  it('lets a module use another through its index.ts, and its own files directly', async () => {
    expect(
      await reachIns(
        'apps/server/src/modules/notes/service.ts',
        "import { findLive as value } from '../records/index';\nimport { x } from './repository';\nvoid x;",
      ),
    ).toEqual([]);
  });

  it('refuses reach-ins from outside the modules folder, except app.ts mounting routes', async () => {
    expect(
      await reachIns(
        'apps/server/src/seed.ts',
        "import { insertUser as value } from './modules/users/repository';",
      ),
    ).toHaveLength(1);
    expect(
      await reachIns(
        'apps/server/src/app.ts',
        "import { registerNoteRoutes as value } from './modules/notes/routes';",
      ),
    ).toEqual([]);
    expect(
      await reachIns(
        'apps/server/src/app.ts',
        "import { purgeTrash as value } from './modules/trash/service';",
      ),
    ).toHaveLength(1);
  });

  it('lets tests reach into any module', async () => {
    expect(
      await reachIns(
        'apps/server/src/modules/notes/notes.test.ts',
        "import { findLive as value } from '../records/service';",
      ),
    ).toEqual([]);
  });
});
