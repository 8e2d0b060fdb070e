import { describe, expect, it } from 'vitest';
import { interleaveByRank } from './search.service.js';

describe('interleaveByRank', () => {
  it('takes the legs of several models rank by rank, the closer first within a rank', () => {
    const offline = [
      { id: 'o1', distance: 0.5 },
      { id: 'o2', distance: 0.6 },
      { id: 'o3', distance: 0.7 },
    ];
    // Another model's distances run on another scale: its second hit is closer than the offline first one.
    const remote = [
      { id: 'r1', distance: 0.1 },
      { id: 'r2', distance: 0.2 },
    ];
    expect(interleaveByRank([offline, remote]).map((h) => h.id)).toEqual(['r1', 'o1', 'r2', 'o2', 'o3']);
  });

  it('leaves a single leg as it is', () => {
    const leg = [
      { id: 'b', distance: 0.1 },
      { id: 'a', distance: 0.3 },
    ];
    expect(interleaveByRank([leg])).toEqual(leg);
    expect(interleaveByRank([])).toEqual([]);
  });
});
