// `npm run chart`: writes docs/statechart.md from the kitchen statechart.
import { writeFileSync } from 'node:fs';
import { kitchenMachine } from '../machines/kitchen/machine';
import { statechartDocument } from './statechart-mermaid';

writeFileSync('docs/statechart.md', statechartDocument(kitchenMachine));
console.log('Wrote docs/statechart.md');
