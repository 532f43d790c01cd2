// The server's layers (DESIGN §13, docs/architecture.md), checked at the level of folders as well as
// files, counting type-only imports: api → commands → modules → kernel → db, with effects and
// views beside commands and providers beneath them. ESLint's import-x/no-cycle sees cycles between
// files only; a cycle between folders (money ⇄ transactions, once) is the knot this stops.
// tests/unit/architecture.test.ts proves the folder rule fires on a deliberate folder cycle.
const LAYER = (name) => `^server/${name}/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      comment: 'Two server folders that import each other, directly or round a loop, are one knot: move what they share down a layer.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/' },
      to: { circular: true },
    },
    {
      name: 'no-file-cycle',
      comment: 'No import cycle between files anywhere, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'kernel-imports-no-module',
      comment: 'The kernel (event log, unit of work, access, deal sides, outbox, domain events) imports only db/ and src/domain.',
      severity: 'error',
      from: { path: LAYER('kernel') },
      to: { path: '^server/', pathNot: ['^server/kernel/', '^server/db/'] },
    },
    {
      name: 'modules-stay-below-commands',
      comment: 'A module knows its rules and tables, not who calls it: never commands, effects, views or the HTTP layer.',
      severity: 'error',
      from: { path: LAYER('modules') },
      to: { path: '^server/(commands|effects|views|api|stack|config)/' },
    },
    {
      name: 'commands-never-import-views-or-effects',
      comment: 'A command writes effects as rows (the unit of work) and answers what it decided; screens read views.',
      severity: 'error',
      from: { path: LAYER('commands') },
      to: { path: '^server/(effects|views|api|stack|config)/' },
    },
    {
      name: 'effects-stay-below-commands',
      comment: 'Effects deliver what commands recorded; they never run a command or read a screen.',
      severity: 'error',
      from: { path: LAYER('effects') },
      to: { path: '^server/(commands|views|api|stack)/' },
    },
    {
      name: 'views-only-read',
      comment: 'Read models never change anything: no commands, no effects.',
      severity: 'error',
      from: { path: LAYER('views') },
      to: { path: '^server/(commands|effects|api|stack)/' },
    },
    {
      name: 'providers-are-adapters',
      comment: "A provider adapter or sandbox speaks its provider's protocol; it knows nothing of the product's layers.",
      severity: 'error',
      from: { path: LAYER('providers') },
      to: { path: '^server/(kernel|modules|commands|effects|views|api|db|config)/' },
    },
    {
      name: 'db-is-the-bottom',
      comment: 'The schema and migrations import only src/domain.',
      severity: 'error',
      from: { path: LAYER('db') },
      to: { path: '^server/', pathNot: '^server/db/' },
    },
    {
      name: 'only-the-launcher-imports-the-api',
      comment: 'Nothing imports the HTTP layer but the local stack that starts it.',
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/api/', '^server/stack/'] },
      to: { path: '^server/api/' },
    },
    {
      name: 'service-worker-carries-no-react',
      comment:
        'The service worker runs no screen: React (directly, through dexie-react-hooks, or through valtio, whose main entry holds its hooks; data modules import valtio/vanilla) would only make every install larger.',
      severity: 'error',
      from: { path: '^sw/' },
      to: { path: 'node_modules/(react|react-dom|scheduler|dexie-react-hooks)/|node_modules/valtio/(esm/)?(index|react)', reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules stays in the graph as leaves (doNotFollow), so a rule can name a package the code reaches.
    exclude: { path: '(^|/)(dist|build|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
