/** `npm run docs:flows`: writes docs/flows.md from the flow tables in src/domain (flows-page.ts). */
import { writeFileSync } from 'node:fs';
import { flowsPage, FLOWS_PAGE } from './flows-page';

writeFileSync(FLOWS_PAGE, await flowsPage());
console.log(`Wrote ${FLOWS_PAGE}.`);
