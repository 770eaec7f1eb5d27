import fc from 'fast-check';
import { checkProperties } from '../support/properties.ts';
import { sneakAdapter } from './adapter.ts';

checkProperties(sneakAdapter, { runs: 1000 });

// SN-1: four players may choose two packs.
checkProperties(
  {
    ...sneakAdapter,
    minPlayers: 4,
    maxPlayers: 4,
    configs: fc.record({ packs: fc.constant(2), target: fc.integer({ min: 50, max: 150 }) }),
  },
  { runs: 100 },
);
