// Shard 2 of the UI-path suite: every path of the kitchen statechart through the real UI (ui-path-walks.ts).
import { walkUiPathShard } from './ui-path-walks';

await walkUiPathShard(2);
