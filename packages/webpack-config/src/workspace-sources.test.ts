import path from 'node:path';
import { existsSync } from 'node:fs';
import { workspaceSourceAliases } from './index';

const PACKAGES = path.join(__dirname, '..', '..');

describe('workspaceSourceAliases', () => {
  const aliases = workspaceSourceAliases();

  it("points each package's entry points at the TypeScript source its dist file is compiled from", () => {
    expect(aliases['@shop/contracts$']).toBe(path.join(PACKAGES, 'contracts', 'src', 'index.ts'));
    expect(aliases['@shop/contracts/checkout$']).toBe(path.join(PACKAGES, 'contracts', 'src', 'checkout', 'index.ts'));
    // A package without an exports map: its main.
    expect(aliases['@shop/format$']).toBe(path.join(PACKAGES, 'format', 'src', 'index.ts'));
  });

  it('names only files that exist, and leaves out exports that are no compiled module (a stylesheet)', () => {
    for (const file of Object.values(aliases)) expect(existsSync(file)).toBe(true);
    expect(Object.keys(aliases).some((key) => key.endsWith('.css$'))).toBe(false);
    expect(aliases['@shop/ui/styles.css$']).toBeUndefined();
  });
});
