import { describe, expect, it } from 'vitest';
import { follow, type Following } from '../../src/domain/follow-status';

/** Plays moves of the status and of the address through the rule: where the party is taken each time. */
function play(start: Omit<Following, 'chain'>, moves: [destination: string | undefined, pathname: string][]): (string | null)[] {
  let state: Following = { ...start, chain: [] };
  return moves.map(([destination, pathname]) => {
    const { to, now } = follow(state, destination, pathname);
    state = now;
    return to;
  });
}

describe('a party’s screen following the sale', () => {
  it('takes a party on the screen the status pointed at to the next one', () => {
    expect(play({ pointedAt: '/protection' }, [['/insurance', '/protection']])).toEqual(['/insurance']);
  });

  it('leaves a party reading a done step where they are', () => {
    expect(play({ pointedAt: '/insurance' }, [['/transport', '/identity']])).toEqual([null]);
  });

  it('follows a second quick move while the address still shows the screen before', () => {
    // Taken to /insurance; before that navigation lands, the status moves on to /transport.
    expect(
      play({ pointedAt: '/protection' }, [
        ['/insurance', '/protection'],
        ['/transport', '/protection'],
      ]),
    ).toEqual(['/insurance', '/transport']);
  });

  it('is not stranded by a moment without a destination (the copy fetched again)', () => {
    expect(
      play({ pointedAt: '/insurance' }, [
        [undefined, '/insurance'],
        ['/transport', '/insurance'],
      ]),
    ).toEqual([null, '/transport']);
  });

  it('follows a status that went back and forth while its navigation ran', () => {
    expect(
      play({ pointedAt: '/insurance' }, [
        ['/transport', '/insurance'],
        ['/protection', '/insurance'],
        ['/transport', '/protection'],
      ]),
    ).toEqual(['/transport', '/protection', '/transport']);
  });
});

describe('a party who went elsewhere themselves', () => {
  it('is left there, even after this rule had taken them along before', () => {
    let state: Following = { pointedAt: '/protection', chain: [] };
    state = follow(state, '/insurance', '/protection').now;
    // They open the done identity step to read it, then the status moves on.
    state = follow(state, '/insurance', '/identity').now;
    expect(follow(state, '/transport', '/identity').to).toBeNull();
  });
});
