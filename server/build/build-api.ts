/**
 * `npm run build:server`: the API compiled to JavaScript for production, so nothing transpiles
 * TypeScript at run time. esbuild bundles server/api/main.ts and the shared src/domain code
 * into build/api/main.js; packages stay imports of node_modules, and each must be a production
 * dependency (the image installs only those). The migrations go beside it, where the database
 * client looks for them. Run it with `node build/api/main.js` (`npm run start:prod`).
 * Interface: `tsx server/build/build-api.ts [out dir]`.
 */
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** build/api unless another folder is given (the tests build into a temporary one). */
const outDir = resolve(process.argv[2] ?? join(root, 'build/api'));

const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

rmSync(outDir, { recursive: true, force: true });
const result = await build({
  entryPoints: [join(root, 'server/api/main.ts')],
  outfile: join(outDir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
cpSync(join(root, 'server/db/migrations'), join(outDir, 'migrations'), { recursive: true });

const imported = Object.values(result.metafile.outputs).flatMap((output) => output.imports.filter((entry) => entry.external));
const isBuiltin = (path: string) => path.startsWith('node:') || builtinModules.includes(path);
const missing = [
  ...new Set(imported.map((entry) => entry.path).filter((path) => !isBuiltin(path) && !(packageOf(path) in packageJson.dependencies))),
];
if (missing.length) {
  console.error(`The API imports packages that are not production dependencies: ${missing.join(', ')}`);
  process.exit(1);
}
console.log(`built ${relative(process.cwd(), join(outDir, 'main.js'))}`);
