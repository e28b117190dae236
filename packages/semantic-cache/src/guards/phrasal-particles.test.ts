import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';
import { phrasalParticles } from './phrasal-particles.ts';

describe('phrasal verbs whose particle changes the request', () => {
  it('refuses the same verb with another particle', () => {
    for (const [a, b] of [
      ['talk me out of adopting a second cat', 'talk me through adopting a second cat'],
      ['talk me into adopting a second cat', 'talk me out of adopting a second cat'],
      [
        'how do I opt in to marketing emails on my bank app',
        'how do I opt out of marketing emails on my bank app',
      ],
      ['log in to the router admin page', 'log out of the router admin page'],
      [
        'what time can we check in at the lakeside hotel',
        'what time can we check out at the lakeside hotel',
      ],
      ['how to sign up for the library portal', 'how to sign out of the library portal'],
      [
        'is it too late to back out of the apartment lease',
        'is it too late to back up the apartment lease',
      ],
      ['zoom in on the map in google earth', 'zoom out on the map in google earth'],
    ])
      assert.equal(checkGuards(a as string, b as string), 'negation', `${a} / ${b}`);
  });

  it('keeps one request said two ways', () => {
    for (const [a, b] of [
      ['how do I log out of discord', 'discord sign out how'],
      ['get out of nano editor', 'exit nano editor'],
      ['my build keeps running out of disk space', 'out of disk space during build'],
      ['talk me through setting up a raid array', 'walk me through setting up a raid array'],
    ])
      assert.equal(checkGuards(a as string, b as string), null, `${a} / ${b}`);
  });

  it('reads "log on" as "log in" and a pronoun between verb and particle', () => {
    assert.deepEqual(
      phrasalParticles('log on to the staff wifi portal'),
      phrasalParticles('log in to it'),
    );
    assert.deepEqual(
      phrasalParticles('she talked them into it'),
      new Map([['talk', new Set(['in'])]]),
    );
    // A noun between: "in" is a preposition there.
    assert.deepEqual(phrasalParticles('check the logs in kibana'), new Map());
  });

  // Found in the review of decision 233: "scale up" / "scale down" read as one question (0.997).
  it('tells scaling up from scaling down or out', () => {
    for (const [a, b] of [
      [
        'how do I scale up my deployment in kubernetes',
        'how do I scale down my deployment in kubernetes',
      ],
      ['scale out the web tier on AWS', 'scale up the web tier on AWS'],
      ['scaling down a node pool in GKE', 'scale up a node pool in GKE'],
    ])
      assert.equal(checkGuards(a as string, b as string), 'negation', `${a} / ${b}`);
  });
});
